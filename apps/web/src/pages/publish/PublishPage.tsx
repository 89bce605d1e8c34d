import '../../features/publish/publish.css';
import {
  dictLabel,
  findCooperationSubType,
  PUBLISH_CATEGORIES,
  type PublishCategory,
  type PublishChoice,
} from '@portal/shared/dictionaries';
import { formKindOf } from '@portal/shared/schemas/cooperation';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Spin, Steps } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_INFO_QUERY_KEY, fetchAccountInfo } from '../../features/accounts/accounts-api.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { useUnsavedChanges } from '../../features/accounts/useUnsavedChanges.ts';
import { CategoryCards, ChoiceCards } from '../../features/publish/ChoiceCards.tsx';
import { MasterAgreementGate } from '../../features/publish/MasterAgreementGate.tsx';
import { cooperationDetailPath, OPPORTUNITIES_PATH, publishPath } from '../../features/publish/paths.ts';
import {
  fetchDraft,
  fetchOwnRequest,
  type MasterAgreementStatus,
  publishKeys,
  publishRequest,
  saveDraft,
  updateRequest,
} from '../../features/publish/publish-api.ts';
import { ReleaseStep } from '../../features/publish/ReleaseStep.tsx';
import {
  type Contact,
  draftBody,
  type FormValues,
  formValuesFor,
  publishBody,
  savedValues,
} from '../../features/publish/release-values.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';

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

/**
 * /publishInfo (SPEC §2): publish cooperation information in three steps, 1. the category,
 * 2. the financing/requirement/project type, 3. the form of that type. The step is in the
 * address (`?category=&choice=`), so Back and reloads keep it; `?draft=` resumes a saved draft,
 * `?edit=` changes an effective request of one's own.
 */
export function PublishPage() {
  const { t } = useTranslation('publish');
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const draftSn = params.get('draft');
  const editSn = params.get('edit');
  const editing = Boolean(editSn);

  const current = useCurrentUser();
  const user = current.status === 'user' ? current.user : null;
  const account = useQuery({
    queryKey: ACCOUNT_INFO_QUERY_KEY,
    queryFn: ({ signal }) => fetchAccountInfo(signal),
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
      ...(account.data?.profile.phone ? { contactPhone: account.data.profile.phone } : {}),
    }),
    [user, account.data],
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

  const header = (
    <header className="publish-page__header">
      <h1 className="publish-page__title">{editing ? t('page.editTitle') : t('page.title')}</h1>
      <p className="publish-page__intro">{editing ? t('page.editIntro') : t('page.intro')}</p>
    </header>
  );

  const frame = (content: ReactNode) => (
    <div className="publish-page container">
      {unsaved.holder}
      {header}
      <div className="publish-page__card">{content}</div>
    </div>
  );

  // Loading or failing to load the draft or the request.
  const source = editing ? request : draftSn ? draft : null;
  const sourceKey = editing ? `edit:${editSn}` : draftKey;
  if (source && loaded?.key !== sourceKey) {
    if (source.isError) {
      return frame(
        <Result
          status="warning"
          title={editing ? t('messages.requestLoadFailed') : t('messages.draftLoadFailed')}
          extra={
            <Button type="primary" onClick={() => navigate(publishPath())}>
              {t('messages.startNew')}
            </Button>
          }
        />,
      );
    }
    return frame(
      <div className="publish-loading" aria-busy="true">
        <Spin />
        <span>{t('page.loading')}</span>
      </div>,
    );
  }

  if (editing && (!request.data?.canEdit || !choice || !kind)) {
    return frame(
      <Result
        status="warning"
        title={t('messages.notEditable')}
        extra={<Button onClick={() => navigate(OPPORTUNITIES_PATH)}>{t('page.back')}</Button>}
      />,
    );
  }

  const stepItems = (['category', 'choice', 'form'] as const).map((key, index) => ({
    title: t(`steps.${key}`),
    content: t(`steps.${key}Hint`),
    disabled: index > step,
  }));

  const formStep =
    choice && kind ? (
      <ReleaseStep
        key={`${choice.code}:${seed}`}
        kind={kind}
        choice={choice}
        sub={sub}
        initialValues={initialValues}
        knownAttachments={loaded?.attachments ?? []}
        contact={contact}
        mode={editing ? 'edit' : 'new'}
        onValuesChange={remember}
        onBack={() => (editSn ? navigate(cooperationDetailPath(editSn)) : goTo({ category: category?.code }))}
        {...(editing ? {} : { onSaveDraft: storeDraft })}
        onSubmit={submit}
      />
    ) : null;

  return frame(
    <>
      {editing ? null : (
        <Steps
          className="publish-steps"
          current={step}
          items={stepItems}
          onChange={(next) => {
            if (next === 0) goTo({});
            else if (next === 1 && category) goTo({ category: category.code });
          }}
        />
      )}
      {unknownLink ? <Alert className="publish-alert" type="warning" showIcon title={t('choice.unknown')} /> : null}
      {step === 0 ? <CategoryCards selected={null} onSelect={(next) => goTo({ category: next.code })} /> : null}
      {step === 1 && category ? (
        <>
          <ChoiceCards
            category={category}
            selected={lastChoice.current?.code ?? null}
            onSelect={(next) => goTo({ category: category.code, choice: next.code })}
          />
          <div className="publish-actions">
            <Button onClick={() => goTo({})}>{t('actions.back')}</Button>
            <div className="publish-actions__end">
              <Button onClick={() => void saveAtChoiceStep()}>{t('actions.saveDraft')}</Button>
            </div>
          </div>
        </>
      ) : null}
      {step === 2 && choice && sub ? (
        <div className="publish-step">
          <div className="publish-step__head">
            <h2 className="publish-step__title">{t('form.heading', { type: dictLabel(choice, locale) })}</h2>
            {editing ? null : (
              <Button type="link" onClick={() => goTo({ category: category?.code })}>
                {t('form.changeType')}
              </Button>
            )}
          </div>
          {editing ? (
            formStep
          ) : (
            <MasterAgreementGate sub={sub} onChooseAnother={() => goTo({ category: category?.code })}>
              {formStep}
            </MasterAgreementGate>
          )}
        </div>
      ) : null}
    </>,
  );
}
