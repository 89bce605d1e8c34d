/** Paths of the electronic-seal screens, shared by the route table and the menus (no page imports). */
export const MY_SIGNATURE_PATH = '/userCenter/mySignature';
export const BACKOFFICE_SEALS_PATH = '/backend/seals';
