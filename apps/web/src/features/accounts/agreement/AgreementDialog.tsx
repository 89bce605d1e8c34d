import '../accounts.css';
import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Modal, Tabs } from 'antd';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agreeToAgreement, fetchAgreementVersion } from '../accounts-api.ts';
import { AGREEMENT_TYPES, type AgreementType } from '../paths.ts';
import { useLogout } from '../useLogout.ts';
import { AgreementText } from './AgreementText.tsx';

/** Within this many pixels of the end counts as read to the end. */
const END_TOLERANCE_PX = 24;

/** The two texts in tabs, each in a scrolling box that reports reading to its end. */
function AgreementTabs({
  tab,
  onTabChange,
  label,
  onScroll,
}: {
  tab: AgreementType;
  onTabChange: (tab: AgreementType) => void;
  label: (type: AgreementType) => string;
  onScroll: (type: AgreementType) => (event: UIEvent<HTMLDivElement>) => void;
}) {
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => onTabChange(key as AgreementType)}
      items={AGREEMENT_TYPES.map((type) => ({
        key: type,
        label: label(type),
        children: (
          <div
            className="agreement-dialog__text"
            onScroll={onScroll(type)}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling text must be reachable by keyboard to scroll it
            tabIndex={0}
            role="document"
            aria-label={label(type)}
          >
            <AgreementText type={type} headingLevel={3} />
          </div>
        ),
      }))}
    />
  );
}

function AgreementFooter({
  ticked,
  onTickedChange,
  onDecline,
  onAgree,
  submitting,
  canAgree,
}: {
  ticked: boolean;
  onTickedChange: (ticked: boolean) => void;
  onDecline: () => void;
  onAgree: () => void;
  submitting: boolean;
  canAgree: boolean;
}) {
  const { t } = useTranslation('accounts');
  return (
    <div className="agreement-dialog__footer">
      <Checkbox checked={ticked} onChange={(event) => onTickedChange(event.target.checked)}>
        {t('agreement.tick')}
      </Checkbox>
      <div className="dialog-actions">
        <Button onClick={onDecline}>{t('agreement.decline')}</Button>
        <Button type="primary" onClick={onAgree} loading={submitting} disabled={!canAgree}>
          {t('agreement.agree')}
        </Button>
      </div>
    </div>
  );
}

/** Records the acceptance and hands the updated user on; `submitting` while it is sent. */
function useAgree(onAgreed: (user: TUserInfo) => void) {
  const [submitting, setSubmitting] = useState(false);
  const agree = async () => {
    setSubmitting(true);
    try {
      onAgreed(await agreeToAgreement());
    } catch {
      // The API client has shown the reason; the dialog stays.
    } finally {
      setSubmitting(false);
    }
  };
  return { agree, submitting };
}

/**
 * The agreement dialog of SPEC §4 (1000 px): the user agreement and the personal-information
 * protection policy in two tabs. "Agree" becomes available once both texts have been scrolled
 * to the end or the box is ticked; it records the acceptance (agrInd becomes '1'). The dialog
 * stays until the user agrees, or declines and logs out.
 */
export function AgreementDialog({ onAgreed }: { onAgreed: (user: TUserInfo) => void }) {
  const { t } = useTranslation('accounts');
  const logout = useLogout();
  const [tab, setTab] = useState<AgreementType>('0');
  const [readToEnd, setReadToEnd] = useState<ReadonlySet<AgreementType>>(new Set());
  const [ticked, setTicked] = useState(false);
  const { agree, submitting } = useAgree(onAgreed);
  const readBoth = AGREEMENT_TYPES.every((type) => readToEnd.has(type));
  // The version the bank published last: the one "Agree" accepts.
  const inForce = useQuery({ queryKey: ['agreementVersion'], queryFn: ({ signal }) => fetchAgreementVersion(signal) });

  const onScroll = (type: AgreementType) => (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - END_TOLERANCE_PX && !readToEnd.has(type)) {
      setReadToEnd((current) => new Set([...current, type]));
    }
  };

  const label = (type: AgreementType) => (type === '0' ? t('agreement.userAgreement') : t('agreement.privacyPolicy'));

  return (
    <Modal
      open
      title={t('agreement.dialogTitle')}
      width={1000}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      className="agreement-dialog"
    >
      <p className="form-intro">{t('agreement.dialogIntro')}</p>
      {inForce.data ? (
        <p className="agreement-text__meta">
          {t('agreement.versionInForce', { version: inForce.data.version, date: inForce.data.effectiveDate })}
        </p>
      ) : null}
      <AgreementTabs tab={tab} onTabChange={setTab} label={label} onScroll={onScroll} />
      <p className="agreement-dialog__progress" aria-live="polite">
        {readBoth ? t('agreement.readBoth') : t('agreement.scrollHint')}
      </p>
      <AgreementFooter
        ticked={ticked}
        onTickedChange={setTicked}
        onDecline={() => void logout()}
        onAgree={agree}
        submitting={submitting}
        canAgree={ticked || readBoth}
      />
    </Modal>
  );
}
