/**
 * The pieces of the seal feature that other screens use (the contract screens place seals and
 * confirm with a code). Components that show texts use the `seals` namespace: load it with
 * `useNamespace('seals')` first.
 */
export { CODE_LENGTH, CODE_RESEND_SECONDS, CodeField, type CodeFieldProps, waitSecondsOf } from './CodeField.tsx';
export { BACKOFFICE_SEALS_PATH, MY_SIGNATURE_PATH } from './paths.ts';
export { SealImage } from './SealImage.tsx';
export { SEAL_STATE_COLOURS, SealStateTag } from './SealStateTag.tsx';
export { fetchUsableSeals, sealKeys } from './seals-api.ts';
