/** Paths of the back office's marketplace pages, shared by the route table and the menu (no page imports). */
export const BACKOFFICE_COOPERATION_PATH = '/backend/cooperation';
export const BACKOFFICE_AGREEMENTS_PATH = '/backend/masterAgreements';
