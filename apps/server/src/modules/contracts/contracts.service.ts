/**
 * Contracts (SPEC §1, §3, §4; issue "Electronic seals and contracts"): one per agreed intention,
 * between its publisher (the request's institution) and its counterpart (the intention's sender).
 *
 * - Either party uploads the PDF (10 MB, by content, readable, unencrypted); it may be deleted
 *   until one of them confirms it; once confirmed it can never be deleted or replaced.
 * - Each party signs once, with one or more of its own effective seals placed on any pages and a
 *   code mailed to the signer. The server adds, as an incremental update, the seal images and
 *   one PAdES signature made with the first placed seal's certificate (platform/signing). The
 *   first signature makes the contract "signing", the second "signed".
 * - Only the two parties and bank staff read it; everyone else is told it does not exist.
 * - Once the request is withdrawn by its publisher or taken down by the bank, the contract takes
 *   no new step (upload, confirmation, signature, sign code); it stays readable, and an
 *   unconfirmed upload may still be deleted. Asked of the cooperation module, again under a
 *   share lock of the request inside each step's transaction.
 * - Signing locks the contract row, then the placed seals' rows: two parties signing at once are
 *   served one after the other, the second signing on top of the first (and recorded after it),
 *   so neither signature is lost; a seal's cancellation and a signature with it are served one
 *   after the other too (the signature first, or refused as the seal is cancelled).
 * Every step is in the audit trail (contract_event) with who, institution, seal, time, address
 * and the SHA-256 of the file before and after.
 *
 * The work is split by concern, one file each: who may do what (contract-access.ts), reading
 * (contract-view.service.ts), uploading, deleting and confirming (contract-upload.service.ts), the
 * sign code (contract-sign-code.service.ts), signing (contract-signing.service.ts), completing
 * (contract-completion.ts) and telling the other party (contract-notice.ts). This file composes
 * them: it is what the routes and the module's public face (index.ts) use.
 */
export type { Client, ContractDeps } from './contract-access.ts';
export { sendSignCode } from './contract-sign-code.service.ts';
export { signContract } from './contract-signing.service.ts';
export { confirmContract, deleteUpload, uploadContract } from './contract-upload.service.ts';
export {
  contractFile,
  contractView,
  contractViewOf,
  cooperationInfos,
  recordContractView,
  stampedFilesOf,
} from './contract-view.service.ts';
