import '../accounts/accounts.css';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { AgreementText, E_SIGNATURE_AGREEMENT } from '../accounts/agreement/AgreementText.tsx';

/**
 * The e-signature service agreement in a dialog (as wide as the other agreements' dialog), opened
 * from the seal application's "I have read and accept" box. "Accept" ticks the box.
 */
export function ESignatureAgreementDialog({ onAccept, onClose }: { onAccept: () => void; onClose: () => void }) {
  const { t } = useTranslation('seals');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  return (
    <Modal
      open
      title={t('apply.agreementTitle')}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      className="agreement-dialog"
      footer={
        <div className="dialog-actions">
          <Button onClick={onClose}>{t('apply.agreementClose')}</Button>
          <Button type="primary" onClick={onAccept}>
            {t('apply.agreementAccept')}
          </Button>
        </div>
      }
    >
      <div
        className="agreement-dialog__text"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling text must be reachable by keyboard to scroll it
        tabIndex={0}
        role="document"
        aria-label={t('apply.agreementTitle')}
      >
        <AgreementText type={E_SIGNATURE_AGREEMENT} headingLevel={3} withTitle={false} />
      </div>
    </Modal>
  );
}
