/** The institutions module's public face: other modules import institutions only from here. */

export { institutionRoutes } from './institutions.routes.ts';
export {
  ensureBankInstitution,
  findInstitution,
  findInstitutionByPublicId,
  findInstitutionBySwiftCode,
  findInstitutions,
  findOrCreateInstitution,
  type InstitutionRow,
  institutionNameOf,
  isInstitutionStopped,
  searchInstitutionIds,
} from './institutions.service.ts';
