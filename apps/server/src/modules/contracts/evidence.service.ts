/**
 * The evidence report of a signed contract (issue "Electronic seals and contracts", Evidence;
 * issue 25 item 7): a PDF listing the contract, its parties, the certificate (serial and SHA-256
 * fingerprint) of each signature, the hashes of each version and the whole audit trail (codes
 * mailed and used, views, addresses and browsers), signed by the portal's own certificate so that
 * it stands on its own.
 *
 * Made once, when the last party signs (docs/decisions/0020-evidence-attached.md): in English and
 * in Chinese, each stored with its SHA-256 in the audit trail and attached to the completed PDF
 * before its document timestamp. A download serves the stored report of the language asked for,
 * the same bytes every time. A contract completed before the reports were stored has none: its
 * report is made on the fly for each download (a GET stores nothing), signed and dated then.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '@portal/shared';
import { LOCALES, translate } from '@portal/shared';
import type { TContractView } from '@portal/shared/schemas/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { renderEvidenceReport } from '../../platform/signing/evidence-report.ts';
import { stampAndSign } from '../../platform/signing/pdf-sign.ts';
import { reportFont } from '../../platform/signing/report-font.ts';
import type { Deal } from '../cooperation/index.ts';
import { findOwnedFile, readStoredFile, type StoredFile, storeFileWithin } from '../files/index.ts';
import { portalSignerFor, sealNames } from '../seals/index.ts';
import type { ContractDeps } from './contract-access.ts';
import { contractView, contractViewOf } from './contract-view.service.ts';
import {
  type ContractRow,
  findContractByLgcSn,
  findEvidenceFile,
  findSignatures,
  insertEvidence,
} from './contracts.repository.ts';

const when = (value: string) => `${value.slice(0, 19).replace('T', ' ')} UTC`;
const short = (hash: string | null) => hash ?? '—';
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The name a report is attached under in the signed PDF: ASCII, one per language. */
export const attachmentName = (locale: Locale, contractLgcSn: string) =>
  `evidence-report-${locale === 'zh-CN' ? 'zh' : 'en'}-${contractLgcSn}.pdf`;

type Certificates = Array<{ seal: string; serial: string; fingerprint: string }>;

/** The certificate each signature of the contract was made with. */
async function signingCertificates(db: Db, contract: ContractRow): Promise<Certificates> {
  const signatures = await findSignatures(db, [contract.id]);
  const seals = await sealNames(
    db,
    signatures.map((signature) => signature.signingSealId),
  );
  return signatures.flatMap((signature) => {
    const seal = seals.get(signature.signingSealId);
    return seal?.certificateSerial && seal.certificateSha256
      ? [{ seal: `${seal.name} ${seal.sealNo}`, serial: seal.certificateSerial, fingerprint: seal.certificateSha256 }]
      : [];
  });
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The audit trail as the report's table: one row per step, who, where from, and the file's hashes. */
function trailTable(view: TContractView, locale: Locale, t: Translate) {
  return {
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
      [event.ip ?? '—', event.userAgent].filter(Boolean).join('\n'),
      `${t('before')} ${short(event.sha256Before)}\n${t('after')} ${short(event.sha256After)}`,
    ]),
  };
}

/** The report in `locale`, signed by the portal at `now`; `attachedAs` when it goes into the PDF. */
async function renderReport(
  deps: ContractDeps,
  view: TContractView,
  certificates: Certificates,
  locale: Locale,
  now: Date,
  attachedAs: string | null,
): Promise<{ name: string; data: Buffer }> {
  if (!view.file) throw new AppError('PRT_CONTRACT_NOT_FOUND');
  const t: Translate = (key, params) => translate(locale, `server.evidence.${key}`, params);
  const portal = deps.config.brand.portalName[locale === 'zh-CN' ? 'zh' : 'en'];
  const party = (side: TContractView['parties'][number]) =>
    `${side.institutionName}${side.swiftCode ? ` (${side.swiftCode})` : ''} — ${
      side.signedAt ? t('signedBy', { name: side.signerName ?? '', at: when(side.signedAt) }) : t('notSigned')
    }${side.seals.length ? ` — ${side.seals.map((seal) => `${seal.sealName} ${seal.sealNo}`).join(', ')}` : ''}`;
  const [publisher, counterpart] = view.parties;
  // The file the signatures made: the last signature's revision (the trail's last "signed" step).
  const lastSigned = view.events.filter((event) => event.kind === 'signed').at(-1);
  const signedSha256 = attachedAs ? (lastSigned?.sha256After ?? view.file.sha256) : view.file.sha256;
  const report = await renderEvidenceReport({
    title: t('title'),
    heading: view.title ?? view.requestName,
    lines: [
      { label: t('contract'), value: view.title ?? '' },
      { label: t('request'), value: view.requestName },
      { label: t('publisher'), value: publisher ? party(publisher) : '' },
      { label: t('counterpart'), value: counterpart ? party(counterpart) : '' },
      ...certificates.map((certificate) => ({
        label: t('certificate', { seal: certificate.seal }),
        value: t('certificateValue', { serial: certificate.serial, fingerprint: certificate.fingerprint }),
      })),
      { label: t('confirmedAt'), value: view.confirmedAt ? when(view.confirmedAt) : '' },
      { label: t('signedFile'), value: `${view.file.name} — SHA-256 ${signedSha256}` },
      { label: t('pages'), value: String(view.file.pageCount) },
      { label: t('generatedAt'), value: when(now.toISOString()) },
      ...(attachedAs ? [{ label: t('attached'), value: t('attachedValue', { file: attachedAs }) }] : []),
    ],
    table: trailTable(view, locale, t),
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

export type MadeReport = { locale: Locale; name: string; attachAs: string; data: Buffer; sha256: string };

/**
 * At completion, inside the signing transaction (`trx`, after the last signature's steps are in
 * the trail): the report in each language, to be attached and then stored by storeEvidence.
 */
export async function makeEvidenceReports(
  deps: ContractDeps,
  trx: Db,
  deal: Deal,
  contract: ContractRow,
  now: Date,
): Promise<MadeReport[]> {
  const within = { ...deps, db: trx };
  const view = await contractViewOf(within, deal, null);
  const certificates = await signingCertificates(trx, contract);
  const reports: MadeReport[] = [];
  for (const locale of LOCALES) {
    const attachAs = attachmentName(locale, contract.lgcSn);
    const { name, data } = await renderReport(within, view, certificates, locale, now, attachAs);
    reports.push({ locale, name, attachAs, data, sha256: sha256(data) });
  }
  return reports;
}

/** Stores each report (files store) and its row; the caller writes the trail's 'evidence' steps. */
export async function storeEvidence(
  deps: ContractDeps,
  trx: Db,
  contract: ContractRow,
  uploaderUserId: number,
  reports: MadeReport[],
): Promise<void> {
  for (const report of reports) {
    const file = await storeFileWithin(trx, deps.storage, {
      uploaderUserId,
      purpose: 'contract',
      name: report.name,
      data: report.data,
      owner: { kind: 'contract', lgcSn: contract.lgcSn },
    });
    await insertEvidence(trx, {
      contractId: contract.id,
      locale: report.locale,
      fileLgcSn: file.lgcSn,
      sha256: file.sha256,
    });
  }
}

async function storedReport(deps: ContractDeps, contract: ContractRow, locale: Locale): Promise<StoredFile | null> {
  const fileLgcSn = await findEvidenceFile(deps.db, contract.id, locale);
  if (!fileLgcSn) return null;
  return (await findOwnedFile(deps.db, { kind: 'contract', lgcSn: contract.lgcSn }, fileLgcSn)) ?? null;
}

/** GET: the stored report in `locale`; for a contract completed before reports were stored, one made now. */
export async function evidenceReport(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
  locale: Locale,
): Promise<{ name: string; data: Buffer }> {
  const view = await contractView(deps, user, intentionLgcSn);
  if (view.status !== 'signed' || !view.file) throw new AppError('PRT_CONTRACT_NOT_FOUND');
  const contract = view.contractLgcSn ? await findContractByLgcSn(deps.db, view.contractLgcSn) : undefined;
  if (!contract) throw new AppError('PRT_CONTRACT_NOT_FOUND');
  const stored = await storedReport(deps, contract, locale);
  if (stored) return { name: stored.originalName, data: await readStoredFile(deps.storage, stored) };
  const certificates = await signingCertificates(deps.db, contract);
  return renderReport(deps, view, certificates, locale, new Date(), null);
}
