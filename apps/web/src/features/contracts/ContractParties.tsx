import type { TContractParty, TContractPartyInfo } from '@portal/shared/schemas/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/time-cells.ts';

/** The two parties of the contract, each with its signing state: who signed, when, with which seals. */
export function ContractParties({
  parties,
  myParty,
}: {
  parties: readonly TContractPartyInfo[];
  myParty: TContractParty | null;
}) {
  const { t } = useTranslation('contracts');
  return (
    <ul className="contract-parties" aria-label={t('parties.title')}>
      {parties.map((party) => (
        <li key={party.party} className="contract-party">
          <div className="contract-party__head">
            <span className="contract-party__role">{t(`parties.role.${party.party}`)}</span>
            {party.party === myParty ? <Tag color="blue">{t('parties.mine')}</Tag> : null}
          </div>
          <p className="contract-party__name">
            {party.institutionName}
            {party.swiftCode ? <span className="contract-party__swift"> · {party.swiftCode}</span> : null}
          </p>
          {party.signedAt ? (
            <div className="contract-party__state">
              <Tag color="success">{t('parties.signed')}</Tag>
              <span>{t('parties.signedBy', { name: party.signerName ?? '—', time: formatTime(party.signedAt) })}</span>
              {party.seals.length > 0 ? (
                <ul className="contract-party__seals" aria-label={t('parties.seals')}>
                  {party.seals.map((seal) => (
                    <li key={seal.sealNo}>
                      {seal.sealName} <span className="cell-stack__sub">({seal.sealNo})</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : (
            <div className="contract-party__state">
              <Tag>{t('parties.notSigned')}</Tag>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
