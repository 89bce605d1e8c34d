import type { TContractView } from '@portal/shared/schemas/contracts';
import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { previewContractPath } from '../../features/contracts/links.ts';
import { MY_SIGNATURE_PATH } from '../../features/seals/paths.ts';
import { useNamespace } from '../../lib/i18n/namespaces.ts';
import { ContractFrame, ContractProblemView } from './ContractFrame.tsx';
import { SignBoard } from './SignBoard.tsx';
import { useSignContract } from './useSignContract.ts';

/**
 * /signContract?id={intentionLgcSn} (SPEC §2), outside the main layout: the reader's institution
 * stamps the contract. Its usable seals on the left; the pages; a seal is dragged onto any place
 * of any page, or chosen and placed with "Place on this page" and moved with the arrow keys.
 * "Sign" with nothing placed says "You have not stamped yet" (SPEC §8) and sends nothing;
 * otherwise the signing dialog asks for the e-mailed code. Leaving with seals placed asks first.
 */
export function SignContractPage() {
  return useNamespace('contracts') ? <SignContract /> : <PageFallback />;
}

function SignContract() {
  const { t } = useTranslation('contracts');
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const sign = useSignContract(id);
  const { current, query, problem, view, seals, sealList } = sign;

  let body: ReactNode;
  if (problem) {
    body = <ContractProblemView problem={problem} onRetry={() => void query.refetch()} />;
  } else if (current.status === 'loading' || !view) {
    body = (
      <div className="contract-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (!view.can.sign || !view.file) {
    body = <CannotSign view={view} />;
  } else if (seals.isError) {
    body = (
      <div className="contract-card contract-state">
        <Empty description={t('sign.sealsFailed')}>
          <Button type="primary" onClick={() => void seals.refetch()}>
            {t('actions.retry')}
          </Button>
        </Empty>
      </div>
    );
  } else if (!seals.data) {
    body = (
      <div className="contract-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (sealList.length === 0) {
    body = <NoSeals heldByColleagues={seals.data?.heldByColleagues} />;
  } else {
    body = <SignBoard id={id} view={view} file={view.file} sign={sign} />;
  }

  return (
    <ContractFrame>
      {body}
      {sign.holder}
    </ContractFrame>
  );
}

function NoSeals({ heldByColleagues }: { heldByColleagues: number | undefined }) {
  const { t } = useTranslation('contracts');
  return (
    <div className="contract-card contract-state">
      <Empty description={t(heldByColleagues ? 'sign.colleaguesHold' : 'sign.noSeals')}>
        <ButtonLink to={MY_SIGNATURE_PATH} type="primary">
          {t('sign.toMySeals')}
        </ButtonLink>
      </Empty>
    </div>
  );
}

/** Why this reader cannot sign now: signed already, not confirmed yet, no file, or not a party. */
function CannotSign({ view }: { view: TContractView }) {
  const { t } = useTranslation('contracts');
  const mine = view.parties.find((party) => party.party === view.myParty);
  const reason = !view.myParty
    ? t('sign.notParty')
    : view.requestClosed && !mine?.signedAt
      ? t(`closed.${view.requestClosed}`)
      : mine?.signedAt
        ? t('sign.alreadySigned')
        : !view.file
          ? t('sign.noFile')
          : !view.confirmed
            ? t('sign.notConfirmed')
            : t('sign.cannot');
  return (
    <div className="contract-card contract-state">
      <Empty description={reason}>
        <ButtonLink to={previewContractPath(view.intentionLgcSn)} type="primary">
          {t('sign.back')}
        </ButtonLink>
      </Empty>
    </div>
  );
}
