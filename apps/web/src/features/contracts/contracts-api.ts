/**
 * The contracts API (SPEC §2 /previewContract and /signContract, §7 queryCooperationInfos and
 * contractUploadDel, /verify), typed by the shared contract (`schemas/contracts.ts`). Query keys
 * start with 'accounts', so logging out forgets them with the rest of the user's data.
 */
import type { TCooperationInfoQuery, TSignRequest } from '@portal/shared/schemas/contracts';
import { apiGet, apiPost, parseData, withSignal } from '../../lib/api/api-client.ts';

/**
 * The schemas load with the first call, not with the page: /verify's first render then does not
 * evaluate them (issue 27, about 60 ms of a phone's main thread). Reads fetch them beside the
 * request; writes, which the reader starts long after the page is up, before it.
 */
const contractSchemas = () => import('@portal/shared/schemas/contracts');
const sealSchemas = () => import('@portal/shared/schemas/seals');

const ROOT = ['accounts', 'contracts'] as const;

export const contractKeys = {
  all: ROOT,
  list: (query: TCooperationInfoQuery) => [...ROOT, 'list', query] as const,
  /** Keyed by the reader too: after a log-in on the page the view loads again. */
  view: (intentionLgcSn: string, userLgcSn: string) => [...ROOT, 'view', intentionLgcSn, userLgcSn] as const,
  seals: (userLgcSn: string) => [...ROOT, 'usable-seals', userLgcSn] as const,
};

/** Large files on slow links: the 30 s default is too short for 10 MB. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;
const CONTRACT = '/api/contracts/{intentionLgcSn}';

/** My cooperation, Contracts tab: the reader institution's agreed intentions with their contract. */
export async function fetchCooperationInfos(query: TCooperationInfoQuery, signal?: AbortSignal) {
  const [data, { ZCooperationInfoPage }] = await Promise.all([
    apiGet('/api/cooperationManage/queryCooperationInfos', { query, mask: false, ...withSignal(signal) }),
    contractSchemas(),
  ]);
  return parseData(ZCooperationInfoPage, data);
}

/**
 * The contract page. Silent: the page shows why it cannot (log in, not found, failed) itself.
 */
export async function fetchContract(intentionLgcSn: string, signal?: AbortSignal) {
  const [data, { ZContractView }] = await Promise.all([
    apiGet(CONTRACT, { params: { intentionLgcSn }, silent: true, mask: false, ...withSignal(signal) }),
    contractSchemas(),
  ]);
  return parseData(ZContractView, data, { silent: true });
}

/** Multipart: the optional title first, then the PDF as `file` (the server checks it by content). */
export async function uploadContract(intentionLgcSn: string, file: File, title: string) {
  const { ZContractView } = await contractSchemas();
  const form = new FormData();
  if (title.trim()) form.append('title', title.trim());
  form.append('file', file, file.name);
  return apiPost(`${CONTRACT}/upload`, {
    params: { intentionLgcSn },
    body: form,
    schema: ZContractView,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** Only before it is confirmed. */
export async function deleteContract(intentionLgcSn: string) {
  const { ZContractView } = await contractSchemas();
  return apiPost('/api/cooperationManage/contractUploadDel', { body: { intentionLgcSn }, schema: ZContractView });
}

/**
 * A party has the contract's file on screen: the audit trail records the view (the server keeps
 * one an hour per person and version). Silent: the reader is not told about a failed record.
 */
export function recordContractView(intentionLgcSn: string) {
  return apiPost(`${CONTRACT}/viewed`, { params: { intentionLgcSn }, silent: true });
}

/** Final: afterwards the upload can never be deleted or replaced. */
export async function confirmContract(intentionLgcSn: string) {
  const { ZContractView } = await contractSchemas();
  return apiPost(`${CONTRACT}/confirm`, { params: { intentionLgcSn }, schema: ZContractView });
}

/** The reader's own effective seals (a seal stamps only for its holder), and how many colleagues hold. */
export async function fetchUsableSeals(signal?: AbortSignal) {
  const [data, { ZUsableSeals }] = await Promise.all([
    apiGet('/api/signet/seals/usable', { mask: false, ...withSignal(signal) }),
    sealSchemas(),
  ]);
  return parseData(ZUsableSeals, data);
}

/** Mails the signer a 4-character code. */
export async function sendSignCode(intentionLgcSn: string) {
  const { ZCodeSent } = await sealSchemas();
  return apiPost(`${CONTRACT}/sign-code`, { params: { intentionLgcSn }, schema: ZCodeSent });
}

/**
 * The last party's signature also completes the contract on the server (evidence report in both
 * languages, validation data, the document timestamp): on a busy server that outlasts the usual
 * 30 s, and a time-out shown for a signature that then completes would mislead the signer.
 */
const SIGN_TIMEOUT_MS = 2 * 60_000;

export async function signContract(intentionLgcSn: string, body: TSignRequest) {
  const { ZContractView } = await contractSchemas();
  return apiPost(`${CONTRACT}/sign`, {
    params: { intentionLgcSn },
    timeoutMs: SIGN_TIMEOUT_MS,
    body,
    schema: ZContractView,
  });
}

/** Public: checks the signatures of any PDF. */
export async function verifyPdf(file: File) {
  const { ZVerifyReport } = await contractSchemas();
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost('/api/verify', { body: form, schema: ZVerifyReport, timeoutMs: UPLOAD_TIMEOUT_MS });
}
