/** The institutions module's public face: other modules import institutions only from here. */

export { institutionRoutes } from './institutions.routes.ts';
export {
  ensureBankInstitution,
  findInstitution,
  findOrCreateInstitution,
  type InstitutionRow,
  institutionNameOf,
  isInstitutionStopped,
} from './institutions.service.ts';
