import '../../features/publish/publish.css';
import { dictLabel } from '@portal/shared/dictionaries';
import { Alert, Button, Result, Spin, Steps } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CategoryCards, ChoiceCards } from '../../features/publish/ChoiceCards.tsx';
import { MasterAgreementGate } from '../../features/publish/MasterAgreementGate.tsx';
import { cooperationDetailPath, OPPORTUNITIES_PATH, publishPath } from '../../features/publish/paths.ts';
import { ReleaseStep } from '../../features/publish/ReleaseStep.tsx';
import { usePublishWizard } from '../../features/publish/usePublishWizard.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';

/**
 * /publishInfo (SPEC §2): publish cooperation information in three steps, 1. the category,
 * 2. the financing/requirement/project type, 3. the form of that type. The step is in the
 * address (`?category=&choice=`), so Back and reloads keep it; `?draft=` resumes a saved draft,
 * `?edit=` changes an effective request of one's own. The state is the wizard's
 * (features/publish/usePublishWizard.ts); this page draws it.
 */
export function PublishPage() {
  const { t } = useTranslation('publish');
  const navigate = useNavigate();
  const wizard = usePublishWizard();
  const { editing } = wizard;
  const { card, goTo } = useStepFocus(wizard);

  const frame = (content: ReactNode) => (
    <PublishFrame holder={wizard.unsaved.holder} editing={editing} card={card}>
      {content}
    </PublishFrame>
  );

  if (wizard.sourceState === 'failed') {
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
  if (wizard.sourceState === 'loading') {
    return frame(
      <div className="publish-loading" aria-busy="true">
        <Spin />
        <span>{t('page.loading')}</span>
      </div>,
    );
  }

  if (wizard.notEditable) {
    return frame(
      <Result
        status="warning"
        title={t('messages.notEditable')}
        extra={<Button onClick={() => navigate(OPPORTUNITIES_PATH)}>{t('page.back')}</Button>}
      />,
    );
  }

  return frame(<WizardSteps wizard={wizard} goTo={goTo} />);
}

type Wizard = ReturnType<typeof usePublishWizard>;
type GoTo = (target: { category?: string; choice?: string }) => void;

/**
 * After choosing a category or a type (or going back), the new step's heading takes the focus
 * (headings have tabIndex -1), so keyboard and screen-reader users land on what changed rather
 * than on the page's body.
 */
function useStepFocus(wizard: Wizard) {
  const { step } = wizard;
  const card = useRef<HTMLDivElement>(null);
  const focusStep = useRef<number | null>(null);
  const goTo: GoTo = (target) => {
    focusStep.current = target.choice ? 2 : target.category ? 1 : 0;
    wizard.goTo(target);
  };
  useEffect(() => {
    if (focusStep.current === null || focusStep.current !== step) return;
    const heading = card.current?.querySelector<HTMLElement>('.publish-step__title');
    if (!heading) return;
    focusStep.current = null;
    heading.focus();
  });
  return { card, goTo };
}

type FrameProps = { holder: ReactNode; editing: boolean; card: RefObject<HTMLDivElement | null>; children: ReactNode };

function PublishFrame({ holder, editing, card, children }: FrameProps) {
  const { t } = useTranslation('publish');
  return (
    <div className="publish-page container">
      {holder}
      <header className="publish-page__header">
        <h1 className="publish-page__title">{editing ? t('page.editTitle') : t('page.title')}</h1>
        <p className="publish-page__intro">{editing ? t('page.editIntro') : t('page.intro')}</p>
      </header>
      <div className="publish-page__card" ref={card}>
        {children}
      </div>
    </div>
  );
}

/** The steps bar and the step in hand: the category, the type, or the form of that type. */
function WizardSteps({ wizard, goTo }: { wizard: Wizard; goTo: GoTo }) {
  const { t } = useTranslation('publish');
  const { editing, category, step } = wizard;

  const stepItems = (['category', 'choice', 'form'] as const).map((key, index) => ({
    title: t(`steps.${key}`),
    content: t(`steps.${key}Hint`),
    disabled: index > step,
  }));

  return (
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
      {wizard.unknownLink ? (
        <Alert className="publish-alert" type="warning" showIcon title={t('choice.unknown')} />
      ) : null}
      {step === 0 ? <CategoryCards selected={null} onSelect={(next) => goTo({ category: next.code })} /> : null}
      {step === 1 && category ? (
        <>
          <ChoiceCards
            category={category}
            selected={wizard.lastChoiceCode}
            onSelect={(next) => goTo({ category: category.code, choice: next.code })}
          />
          <div className="publish-actions">
            <Button onClick={() => goTo({})}>{t('actions.back')}</Button>
            <div className="publish-actions__end">
              <Button onClick={() => void wizard.saveAtChoiceStep()}>{t('actions.saveDraft')}</Button>
            </div>
          </div>
        </>
      ) : null}
      {step === 2 && wizard.choice && wizard.sub ? (
        <FormStep wizard={wizard} choice={wizard.choice} sub={wizard.sub} goTo={goTo} />
      ) : null}
    </>
  );
}

type FormStepProps = {
  wizard: Wizard;
  choice: NonNullable<Wizard['choice']>;
  sub: NonNullable<Wizard['sub']>;
  goTo: GoTo;
};

function FormStep({ wizard, choice, sub, goTo }: FormStepProps) {
  const { t } = useTranslation('publish');
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { editing, editSn, category, kind } = wizard;

  const formStep = kind ? (
    <ReleaseStep
      key={`${choice.code}:${wizard.seed}`}
      kind={kind}
      choice={choice}
      sub={sub}
      initialValues={wizard.initialValues}
      knownAttachments={wizard.knownAttachments}
      contact={wizard.contact}
      mode={editing ? 'edit' : 'new'}
      onValuesChange={wizard.remember}
      onBack={() => (editSn ? navigate(cooperationDetailPath(editSn)) : goTo({ category: category?.code }))}
      {...(editing ? {} : { onSaveDraft: wizard.storeDraft })}
      onSubmit={wizard.submit}
    />
  ) : null;

  return (
    <div className="publish-step">
      <div className="publish-step__head">
        <h2 className="publish-step__title" tabIndex={-1}>
          {t('form.heading', { type: dictLabel(choice, locale) })}
        </h2>
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
  );
}
