/**
 * The publish wizard's state (/publishInfo, SPEC §2): the step from the address
 * (`?category=&choice=`), the draft (`?draft=`) or own request (`?edit=`) it was opened with,
 * what the form holds across steps, unsaved changes, saving drafts and publishing.
 */
import {
  findCooperationSubType,
  PUBLISH_CATEGORIES,
  type PublishCategory,
  type PublishChoice,
} from '@portal/shared/dictionaries';
import { formKindOf } from '@portal/shared/schemas/cooperation';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, type SetURLSearchParams, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/api-error.ts';
import { showToast } from '../../lib/notify.ts';
import { useCurrentUser } from '../accounts/current-user.ts';
import { useUnsavedChanges } from '../accounts/useUnsavedChanges.ts';
import { cooperationDetailPath } from './paths.ts';
import {
  fetchDraft,
  fetchOwnRequest,
  fetchSubmitter,
  type MasterAgreementStatus,
  publishKeys,
  publishRequest,
  saveDraft,
  updateRequest,
} from './publish-api.ts';
import { type Contact, draftBody, type FormValues, formValuesFor, publishBody, savedValues } from './release-values.ts';

const MASTER_AGREEMENT_REQUIRED = 'PRT_MASTER_AGREEMENT_REQUIRED';

function findCategory(code: string | null | undefined): PublishCategory | undefined {
  return code ? PUBLISH_CATEGORIES.find((category) => category.code === code) : undefined;
}

function findChoice(category: PublishCategory | undefined, code: unknown): PublishChoice | undefined {
  return typeof code === 'string' ? category?.children.find((choice) => choice.code === code) : undefined;
}

/** The category a choice belongs to (a request saved with its choice only). */
function categoryOfChoice(code: unknown): PublishCategory | undefined {
  return PUBLISH_CATEGORIES.find((category) => findChoice(category, code));
}

type Loaded = { key: string; attachments: readonly TFileInfo[] };
type TDraft = Awaited<ReturnType<typeof fetchDraft>>;
type TOwnRequest = Awaited<ReturnType<typeof fetchOwnRequest>>;

/** The signed-in user, and the submitter's details (SPEC §7 detailForBthw) that fill the contact section of a new request. */
function useContact(editing: boolean): Contact {
  const current = useCurrentUser();
  const user = current.status === 'user' ? current.user : null;
  const submitter = useQuery({
    queryKey: publishKeys.submitter,
    queryFn: ({ signal }) => fetchSubmitter(signal),
    enabled: !editing,
  });
  return useMemo<Contact>(
    () => ({
      ...(user ? { contactName: user.usrNm, contactEmail: user.emailAdr } : {}),
      ...(submitter.data ? { contactName: submitter.data.usrNm, contactEmail: submitter.data.emailAdr } : {}),
      ...(submitter.data?.phone ? { contactPhone: submitter.data.phone } : {}),
    }),
    [user, submitter.data],
  );
}

/** The address's parameters with the category and choice of a draft opened without them. */
function withDraftChoice(draft: TDraft, currentParams: URLSearchParams): URLSearchParams {
  const category = findCategory(draft.categoryCode) ?? categoryOfChoice(draft.fields.choiceCode);
  const choice = findChoice(category, draft.fields.choiceCode);
  const next = new URLSearchParams(currentParams);
  if (category) next.set('category', category.code);
  if (choice) next.set('choice', choice.code);
  return next;
}

/** The draft or own request the wizard was opened with (the draft until its values are loaded). */
function useSource(draftSn: string | null, editSn: string | null, loaded: Loaded | null) {
  const editing = Boolean(editSn);
  const draftKey = draftSn ? `draft:${draftSn}` : null;
  const draft = useQuery({
    queryKey: publishKeys.draft(draftSn ?? ''),
    queryFn: ({ signal }) => fetchDraft(draftSn ?? '', signal),
    enabled: Boolean(draftSn) && !editing && loaded?.key !== draftKey,
    retry: false,
  });
  const request = useQuery({
    queryKey: publishKeys.request(editSn ?? ''),
    queryFn: ({ signal }) => fetchOwnRequest(editSn ?? '', signal),
    enabled: editing,
    retry: false,
  });

  return { draftKey, draft, request };
}

/**
 * What the form holds (kept across steps), and the draft or request it was loaded from: a draft
 * from the address, or the own request being edited.
 */
function useLoadedValues(params: URLSearchParams, setParams: SetURLSearchParams) {
  const draftSn = params.get('draft');
  const editSn = params.get('edit');
  const editing = Boolean(editSn);
  const values = useRef<FormValues>({});
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** Changes when values come from the server: the form opens afresh with them. */
  const [seed, setSeed] = useState(0);
  const lastChoice = useRef<PublishChoice | null>(null);
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);

  const { draftKey, draft, request } = useSource(draftSn, editSn, loaded);

  // A draft opened from the address: its values fill the form and it resumes at its step.
  useEffect(() => {
    if (!draft.data || !draftSn || editing || loaded?.key === `draft:${draftSn}`) return;
    values.current = savedValues(draft.data.fields);
    setLoaded({ key: `draft:${draftSn}`, attachments: draft.data.attachments });
    setSeed((value) => value + 1);
    setDirty(false);
    const data = draft.data;
    if (!params.get('category')) setParams((currentParams) => withDraftChoice(data, currentParams), { replace: true });
  }, [draft.data, draftSn, editing, loaded?.key, params, setParams]);

  // A request being edited.
  useEffect(() => {
    if (!request.data || !editSn || loaded?.key === `edit:${editSn}`) return;
    values.current = savedValues(request.data.fields);
    setLoaded({ key: `edit:${editSn}`, attachments: request.data.attachments });
    setSeed((value) => value + 1);
    setDirty(false);
  }, [request.data, editSn, loaded?.key]);

  return {
    draftSn,
    editSn,
    editing,
    values,
    loaded,
    setLoaded,
    seed,
    lastChoice,
    dirty,
    setDirty,
    unsaved,
    draftKey,
    draft,
    request,
  };
}
/** The step: from the address, or from the request being edited. */
function stepOf(editing: boolean, request: TOwnRequest | undefined, params: URLSearchParams) {
  const editCategory = request
    ? (findCategory(request.categoryCode) ?? categoryOfChoice(request.choiceCode))
    : undefined;
  const category = editing ? editCategory : findCategory(params.get('category'));
  const choice = editing ? findChoice(editCategory, request?.choiceCode) : findChoice(category, params.get('choice'));
  const unknownLink =
    !editing && ((params.get('category') && !category) || (params.get('choice') && category && !choice));
  const step = !category ? 0 : !choice ? 1 : 2;
  const kind = choice ? (formKindOf(choice.subTypeCode) ?? null) : null;
  const sub = choice ? findCooperationSubType(choice.subTypeCode) : undefined;
  return { category, choice, unknownLink, step, kind, sub };
}

type Loader = ReturnType<typeof useLoadedValues>;
type ActionContext = {
  t: TFunction<'publish'>;
  navigate: NavigateFunction;
  queryClient: QueryClient;
  setParams: SetURLSearchParams;
  loader: Loader;
  category: PublishCategory | undefined;
  choice: PublishChoice | undefined;
};

/** Saves the form as a draft (at the choice step too, with the type chosen last in the category). */
function draftSaver({ t, queryClient, setParams, loader, category, choice }: ActionContext) {
  const { draftSn, values, lastChoice, setLoaded, setDirty } = loader;
  return async (formValues: FormValues) => {
    if (!category) return;
    const draftChoice = choice ?? (lastChoice.current && findChoice(category, lastChoice.current.code)) ?? null;
    const draftKind = draftChoice ? (formKindOf(draftChoice.subTypeCode) ?? null) : null;
    values.current = formValues;
    const saved = await saveDraft(
      draftBody({ category, choice: draftChoice, kind: draftKind, values: formValues, draftLgcSn: draftSn }),
    );
    setLoaded((previous) => ({ key: `draft:${saved.lgcSn}`, attachments: previous?.attachments ?? [] }));
    setDirty(false);
    showToast({ type: 'success', content: t('messages.draftSaved') });
    void queryClient.invalidateQueries({ queryKey: publishKeys.draftsAll });
    if (saved.lgcSn !== draftSn) {
      setParams(
        (currentParams) => {
          const next = new URLSearchParams(currentParams);
          next.set('draft', saved.lgcSn);
          return next;
        },
        { replace: true },
      );
    }
  };
}

/** Publishes the request, or saves the own request being edited, and opens it. */
function publisher({ t, navigate, queryClient, loader, choice }: ActionContext) {
  const { editSn, draftSn, unsaved, setDirty } = loader;
  return async (data: FormValues) => {
    if (!choice) return;
    if (editSn) {
      await updateRequest(editSn, publishBody(data, choice, null));
      unsaved.allowLeave();
      setDirty(false);
      showToast({ type: 'success', content: t('messages.updated') });
      navigate(cooperationDetailPath(editSn));
      return;
    }
    try {
      const saved = await publishRequest(publishBody(data, choice, draftSn));
      unsaved.allowLeave();
      setDirty(false);
      showToast({ type: 'success', content: t('messages.published') });
      void queryClient.invalidateQueries({ queryKey: publishKeys.draftsAll });
      navigate(cooperationDetailPath(saved.lgcSn));
    } catch (error) {
      if (isApiError(error) && error.code === MASTER_AGREEMENT_REQUIRED) {
        queryClient.setQueryData<MasterAgreementStatus>(publishKeys.masterAgreement, { signed: false, pending: false });
      }
      throw error;
    }
  };
}

/** Moving between steps, remembering the form's values, saving drafts and publishing. */
function wizardActions(context: ActionContext) {
  const { setParams, loader } = context;
  const goTo = (target: { category?: string; choice?: string }) => {
    setParams(() => {
      const next = new URLSearchParams();
      if (target.category) next.set('category', target.category);
      if (target.choice) next.set('choice', target.choice);
      if (loader.draftSn) next.set('draft', loader.draftSn);
      return next;
    });
    window.scrollTo({ top: 0 });
  };
  const remember = (next: FormValues) => {
    loader.values.current = next;
    if (!loader.dirty) loader.setDirty(true);
  };
  const storeDraft = draftSaver(context);
  const saveAtChoiceStep = async () => {
    try {
      await storeDraft(loader.values.current);
    } catch {
      // The toast said why.
    }
  };
  return { goTo, remember, storeDraft, saveAtChoiceStep, submit: publisher(context) };
}

export function usePublishWizard() {
  const { t } = useTranslation('publish');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const editing = Boolean(params.get('edit'));
  const contact = useContact(editing);
  const loader = useLoadedValues(params, setParams);
  const { editSn, draftSn, draftKey, draft, request, loaded, values, lastChoice, seed } = loader;

  const { category, choice, kind, sub, step, unknownLink } = stepOf(editing, request.data, params);
  if (choice) lastChoice.current = choice;
  const actions = wizardActions({ t, navigate, queryClient, setParams, loader, category, choice });

  // The form takes its values when it opens (per choice and per loaded draft or request); contact
  // details that arrive later are filled in by the form itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: computed once per opening of the form
  const initialValues = useMemo(
    () => (choice ? formValuesFor(choice, values.current, contact) : {}),
    [choice?.code, seed],
  );

  // The draft or the request the wizard opened with, while it loads or when it failed to.
  const source = editing ? request : draftSn ? draft : null;
  const sourceKey = editing ? `edit:${editSn}` : draftKey;
  const sourceState: 'loading' | 'failed' | null =
    source && loaded?.key !== sourceKey ? (source.isError ? 'failed' : 'loading') : null;
  const notEditable = editing && (!request.data?.canEdit || !choice || !kind);

  return {
    editing,
    editSn,
    unsaved: loader.unsaved,
    sourceState,
    notEditable,
    category,
    choice,
    kind,
    sub,
    step,
    unknownLink: Boolean(unknownLink),
    /** The type chosen last in this category (marked when going back to the type step). */
    lastChoiceCode: lastChoice.current?.code ?? null,
    seed,
    initialValues,
    knownAttachments: loaded?.attachments ?? [],
    contact,
    ...actions,
  };
}
