import type { TVerifiedSignature } from '@portal/shared/schemas/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/time-cells.ts';
import { pagesText, problemText, signatureVerdict } from './verify-reasons.ts';

const TAG_COLOR = { valid: 'success', warning: 'warning', invalid: 'error' } as const;

type Props = { signature: TVerifiedSignature };

/**
 * One signature of a /verify report: whether it can be relied on and why not, who made it (the
 * portal's record of the seal only; a certificate the portal cannot vouch for is shown as what it
 * claims, never as the institution), when (recorded here, or only claimed), whether its seal was
 * cancelled before or after, and which pages were changed by its update and after it. Each line
 * keeps its label and tag, with a sentence under it saying what it means in plain words. `last`:
 * no signature was made after it.
 */
export function VerifySignatureCard({ signature, last }: Props & { last: boolean }) {
  const { t } = useTranslation('contracts');
  const verdict = signatureVerdict(signature);
  return (
    <li className={`verify-signature is-${verdict}`}>
      <div className="verify-signature__head">
        <h3>{t('verify.signatureN', { index: signature.index })}</h3>
        <Tag color={signature.intact ? 'success' : 'error'}>
          {signature.intact ? t('verify.intact') : t('verify.broken')}
        </Tag>
        <Tag color={TAG_COLOR[verdict]}>{t(`verify.signatureVerdict.${verdict}`)}</Tag>
      </div>
      <Explain text={t(`verify.explain.intact.${signature.intact ? 'yes' : 'no'}`)} />
      {signature.problems.length ? (
        <ul className="verify-signature__why">
          {signature.problems.map((problem) => (
            <li key={problem}>{asSentence(problemText(t, problem, signature))}</li>
          ))}
        </ul>
      ) : null}
      <dl className="verify-signature__facts">
        <SignerFacts signature={signature} />
        <SignedAtFact signature={signature} />
        <CertificateFacts signature={signature} />
        <CoverageFacts signature={signature} last={last} />
      </dl>
    </li>
  );
}

/** A line's meaning in plain words, under its value. */
function Explain({ text }: { text: string }) {
  return (
    <Typography.Text type="secondary" className="verify-signature__explain">
      {text}
    </Typography.Text>
  );
}

/** Who made the signature: the portal's record of the seal, the portal, or what an unknown certificate claims. */
function SignerFacts({ signature }: Props) {
  const { t } = useTranslation('contracts');
  const claimed = signature.claimedSigner;
  const claimedName = claimed
    ? [claimed.organization, claimed.organizationalUnit ?? claimed.commonName, claimed.serialNumber]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <>
      <dt>{t('verify.institution')}</dt>
      <dd>
        {signature.signer === 'seal' ? (signature.institutionName ?? '—') : null}
        {signature.signer === 'portal' ? t('verify.signerPortal') : null}
        {signature.signer === 'unknown' || signature.signer === 'foreign' ? (
          <>
            <Tag color="error">{t('verify.notVerified')}</Tag>
            {claimedName ? <span className="cell-stack__sub">{t('verify.claimed', { name: claimedName })}</span> : null}
          </>
        ) : null}
        <Explain text={t(`verify.explain.signer.${signature.signer}`)} />
      </dd>
      {signature.signer === 'seal' ? (
        <>
          <dt>{t('verify.seal')}</dt>
          <dd>
            {signature.sealName ?? '—'}
            {signature.sealNo ? <span className="cell-stack__sub"> ({signature.sealNo})</span> : null}
            <Explain text={t('verify.explain.seal')} />
          </dd>
        </>
      ) : null}
    </>
  );
}

/** When it was signed, and where that time comes from: a trusted timestamp, the portal's record, or the signer's word. */
function SignedAtFact({ signature }: Props) {
  const { t } = useTranslation('contracts');
  const source = signature.signedAt ? (signature.signedAtSource ?? 'claimed') : 'none';
  return (
    <>
      <dt>{t('verify.signedAt')}</dt>
      <dd>
        {formatTime(signature.signedAt)}
        {signature.signedAtSource ? (
          <span className="cell-stack__sub">
            {' '}
            (
            {signature.signedAtSource === 'timestamp'
              ? t('verify.timeStamped')
              : signature.signedAtSource === 'portalRecord'
                ? t('verify.timeRecorded')
                : t('verify.timeClaimed')}
            )
          </span>
        ) : null}
        <Explain text={t(`verify.explain.signedAt.${source}`)} />
      </dd>
    </>
  );
}

/** By which certificate: issued here or not, valid at the signing time; and whether its seal was cancelled. */
function CertificateFacts({ signature }: Props) {
  const { t } = useTranslation('contracts');
  const yesNo = (value: boolean) => (value ? t('verify.yes') : t('verify.no'));
  return (
    <>
      <dt>{t('verify.issuedByPortal')}</dt>
      <dd>
        <Tag color={signature.issuedByPortal ? 'success' : 'error'}>{yesNo(signature.issuedByPortal)}</Tag>
        {signature.certificateSerial ? (
          <span className="cell-stack__sub">
            {' '}
            {signature.issuedByPortal
              ? t('verify.serial', { serial: signature.certificateSerial })
              : t('verify.claimedSerial', { serial: signature.certificateSerial })}
          </span>
        ) : null}
        <Explain text={t(`verify.explain.issuedByPortal.${signature.issuedByPortal ? 'yes' : 'no'}`)} />
      </dd>
      {signature.issuedByPortal ? (
        <>
          <dt>{t('verify.validAtSigning')}</dt>
          <dd>
            <Tag color={signature.validAtSigningTime ? 'success' : 'error'}>{yesNo(signature.validAtSigningTime)}</Tag>
            <Explain text={t(`verify.explain.validAtSigning.${signature.validAtSigningTime ? 'yes' : 'no'}`)} />
          </dd>
        </>
      ) : null}
      {signature.signer === 'seal' ? (
        <>
          <dt>{t('verify.revoked')}</dt>
          <dd>
            <RevocationNote signature={signature} />
          </dd>
        </>
      ) : null}
    </>
  );
}

/** What the signature covers, and the pages changed by its update and after it. */
function CoverageFacts({ signature, last }: Props & { last: boolean }) {
  const { t } = useTranslation('contracts');
  const coverage = signature.coversWholeDocument ? 'yes' : last ? 'lastPart' : 'earlier';
  return (
    <>
      <dt>{t('verify.coversWhole')}</dt>
      <dd>
        {signature.coversWholeDocument ? (
          <Tag color="success">{t('verify.yes')}</Tag>
        ) : (
          <Tag color="default">{t('verify.coversPart')}</Tag>
        )}
        <Explain text={t(`verify.explain.coversWhole.${coverage}`)} />
      </dd>
      <dt>{t('verify.changedByItsUpdate')}</dt>
      <dd>
        {signature.pagesChangedByItsUpdate.length ? pagesText(t, signature.pagesChangedByItsUpdate) : t('verify.none')}
        <Explain
          text={t(`verify.explain.changedByItsUpdate.${signature.pagesChangedByItsUpdate.length ? 'some' : 'none'}`)}
        />
      </dd>
      {signature.pagesChangedLater.length ? (
        <>
          <dt>{t('verify.changedLater')}</dt>
          <dd>
            <ul className="verify-signature__changes">
              {signature.pagesChangedLater.map(({ page, by }) => (
                <li key={`${page}-${by}`}>
                  {by === null
                    ? t('verify.changedByNone', { page: t('verify.pageN', { page }) })
                    : t('verify.changedBy', { page: t('verify.pageN', { page }), by })}
                </li>
              ))}
            </ul>
            <Explain text={t('verify.explain.changedLater')} />
          </dd>
        </>
      ) : null}
    </>
  );
}

const REVOCATION_TAG = { no: 'success', before: 'error', after: 'processing', unknownOrder: 'warning' } as const;

/**
 * The seal's cancellation: none; before this signature (a problem); after it (information: the
 * signature stays good); or when the signature has no time to compare with.
 */
function RevocationNote({ signature }: Props) {
  const { t } = useTranslation('contracts');
  const date = formatTime(signature.revokedAt);
  const state = !signature.revokedAt
    ? 'no'
    : signature.problems.includes('signedAfterRevocation')
      ? 'before'
      : signature.signedAt
        ? 'after'
        : 'unknownOrder';
  const label = {
    no: t('verify.revokedNo'),
    before: t('verify.revokedBefore', { date }),
    after: t('verify.revokedAfter', { date }),
    unknownOrder: t('verify.revokedOn', { date }),
  }[state];
  return (
    <>
      <Tag color={REVOCATION_TAG[state]}>{label}</Tag>
      <Explain text={t(`verify.explain.revoked.${state}`)} />
    </>
  );
}

/** A reason written to follow "Signature 1: " (lower case first), standing alone in the card's list. */
function asSentence(reason: string): string {
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}
