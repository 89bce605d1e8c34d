/** Public face of the back-office module: the registration review queue and the audit log. */
export { backofficeRoutes } from './backoffice.routes.ts';
