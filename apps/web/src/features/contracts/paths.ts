/**
 * Paths of the contract screens (SPEC §2), shared by the route table and the features that link
 * to them (no page imports). /previewContract and /signContract sit outside the main layout and
 * open to anyone with the link (the page itself checks who may see or sign); /verify checks a
 * signed PDF, open to visitors.
 */
export const PREVIEW_CONTRACT_PATH = '/previewContract';
export const SIGN_CONTRACT_PATH = '/signContract';
export const VERIFY_PATH = '/verify';
