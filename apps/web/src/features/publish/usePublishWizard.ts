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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
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

export function usePublishWizard() {
  const { t } = useTranslation('publish');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const draftSn = params.get('draft');
  const editSn = params.get('edit');
  const editing = Boolean(editSn);

  const current = useCurrentUser();
  const user = current.status === 'user' ? current.user : null;
  // The submitter's details (SPEC §7 detailForBthw) fill the contact section of a new request.
  const submitter = useQuery({
    queryKey: publishKeys.submitter,
    queryFn: ({ signal }) => fetchSubmitter(signal),
    enabled: !editing,
  });

  /** What the form holds (kept across steps), and the draft or request it was loaded from. */
  const values = useRef<FormValues>({});
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** Changes when values come from the server: the form opens afresh with them. */
  const [seed, setSeed] = useState(0);
  const lastChoice = useRef<PublishChoice | null>(null);
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);

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

  // A draft opened from the address: its values fill the form and it resumes at its step.
  useEffect(() => {
    if (!draft.data || !draftSn || editing || loaded?.key === `draft:${draftSn}`) return;
    values.current = savedValues(draft.data.fields);
    setLoaded({ key: `draft:${draftSn}`, attachments: draft.data.attachments });
    setSeed((value) => value + 1);
    setDirty(false);
    if (!params.get('category')) {
      const category = findCategory(draft.data.categoryCode) ?? categoryOfChoice(draft.data.fields.choiceCode);
      const choice = findChoice(category, draft.data.fields.choiceCode);
      setParams(
        (currentParams) => {
          const next = new URLSearchParams(currentParams);
          if (category) next.set('category', category.code);
          if (choice) next.set('choice', choice.code);
          return next;
        },
        { replace: true },
      );
    }
  }, [draft.data, draftSn, editing, loaded?.key, params, setParams]);

  // A request being edited.
  useEffect(() => {
    if (!request.data || !editSn || loaded?.key === `edit:${editSn}`) return;
    values.current = savedValues(request.data.fields);
    setLoaded({ key: `edit:${editSn}`, attachments: request.data.attachments });
    setSeed((value) => value + 1);
    setDirty(false);
  }, [request.data, editSn, loaded?.key]);

  const contact = useMemo<Contact>(
    () => ({
      ...(user ? { contactName: user.usrNm, contactEmail: user.emailAdr } : {}),
      ...(submitter.data ? { contactName: submitter.data.usrNm, contactEmail: submitter.data.emailAdr } : {}),
      ...(submitter.data?.phone ? { contactPhone: submitter.data.phone } : {}),
    }),
    [user, submitter.data],
  );

  // The step: from the address, or from the request being edited.
  const editCategory = request.data
    ? (findCategory(request.data.categoryCode) ?? categoryOfChoice(request.data.choiceCode))
    : undefined;
  const category = editing ? editCategory : findCategory(params.get('category'));
  const choice = editing
    ? findChoice(editCategory, request.data?.choiceCode)
    : findChoice(category, params.get('choice'));
  const unknownLink =
    !editing && ((params.get('category') && !category) || (params.get('choice') && category && !choice));
  const step = !category ? 0 : !choice ? 1 : 2;
  const kind = choice ? (formKindOf(choice.subTypeCode) ?? null) : null;
  const sub = choice ? findCooperationSubType(choice.subTypeCode) : undefined;
  if (choice) lastChoice.current = choice;

  const goTo = (target: { category?: string; choice?: string }) => {
    setParams(() => {
      const next = new URLSearchParams();
      if (target.category) next.set('category', target.category);
      if (target.choice) next.set('choice', target.choice);
      if (draftSn) next.set('draft', draftSn);
      return next;
    });
    window.scrollTo({ top: 0 });
  };

  const remember = (next: FormValues) => {
    values.current = next;
    if (!dirty) setDirty(true);
  };

  const storeDraft = async (formValues: FormValues) => {
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

  const saveAtChoiceStep = async () => {
    try {
      await storeDraft(values.current);
    } catch {
      // The toast said why.
    }
  };

  const submit = async (data: FormValues) => {
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
    unsaved,
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
    goTo,
    remember,
    storeDraft,
    saveAtChoiceStep,
    submit,
  };
}
