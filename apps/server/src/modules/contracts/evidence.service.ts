/**
 * The evidence report of a signed contract (issue "Electronic seals and contracts", Evidence): a
 * PDF in the reader's language listing the contract, its parties, the hashes of each version and
 * the whole audit trail, signed by the portal's own certificate so that it stands on its own.
 * Made when asked for (it is small), so it is always in the reader's language.
 */
import type { Locale } from '@portal/shared';
import { translate } from '@portal/shared';
import type { TContractView } from '@portal/shared/schemas/contracts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { renderEvidenceReport } from '../../platform/signing/evidence-report.ts';
import { stampAndSign } from '../../platform/signing/pdf-sign.ts';
import { reportFont } from '../../platform/signing/report-font.ts';
import { portalSignerFor } from '../seals/index.ts';
import { type ContractDeps, contractView } from './contracts.service.ts';

const when = (value: string) => `${value.slice(0, 19).replace('T', ' ')} UTC`;
const short = (hash: string | null) => hash ?? '—';

export async function evidenceReport(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
  locale: Locale,
): Promise<{ name: string; data: Buffer }> {
  const view = await contractView(deps, user, intentionLgcSn);
  if (view.status !== 'signed' || !view.file) throw new AppError('PRT_CONTRACT_NOT_FOUND');
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `server.evidence.${key}`, params);
  const portal = deps.config.brand.portalName[locale === 'zh-CN' ? 'zh' : 'en'];
  const now = new Date();
  const party = (side: TContractView['parties'][number]) =>
    `${side.institutionName}${side.swiftCode ? ` (${side.swiftCode})` : ''} — ${
      side.signedAt ? t('signedBy', { name: side.signerName ?? '', at: when(side.signedAt) }) : t('notSigned')
    }${side.seals.length ? ` — ${side.seals.map((seal) => `${seal.sealName} ${seal.sealNo}`).join(', ')}` : ''}`;
  const [publisher, counterpart] = view.parties;
  const report = await renderEvidenceReport({
    title: t('title'),
    heading: view.title ?? view.requestName,
    lines: [
      { label: t('contract'), value: view.title ?? '' },
      { label: t('request'), value: view.requestName },
      { label: t('publisher'), value: publisher ? party(publisher) : '' },
      { label: t('counterpart'), value: counterpart ? party(counterpart) : '' },
      { label: t('confirmedAt'), value: view.confirmedAt ? when(view.confirmedAt) : '' },
      { label: t('signedFile'), value: `${view.file.name} — SHA-256 ${view.file.sha256}` },
      { label: t('pages'), value: String(view.file.pageCount) },
      { label: t('generatedAt'), value: when(now.toISOString()) },
    ],
    table: {
      columns: [
        t('columns.step'),
        t('columns.time'),
        t('columns.person'),
        t('columns.seal'),
        t('columns.address'),
        t('columns.hashes'),
      ],
      rows: view.events.map((event) => [
        translate(locale, `server.evidence.kinds.${event.kind}`, { page: event.page ?? '' }),
        when(event.at),
        `${event.actorName}\n${event.institutionName}`,
        event.sealNo ? `${event.sealName ?? ''}\n${event.sealNo}` : '—',
        event.ip ?? '—',
        `${t('before')} ${short(event.sha256Before)}\n${t('after')} ${short(event.sha256After)}`,
      ]),
    },
    footer: t('footer', { portal, url: `${deps.config.publicBaseUrl}/verify` }),
    font: await reportFont(),
    createdAt: now,
  });
  const signed = await stampAndSign(report, {
    stamps: [],
    signer: await portalSignerFor(deps),
    reason: t('reason', { portal }),
    location: portal,
    signingTime: now,
    fieldName: 'portal-evidence',
  });
  return { name: `${t('fileName')}-${view.contractLgcSn ?? view.intentionLgcSn}.pdf`, data: Buffer.from(signed) };
}
