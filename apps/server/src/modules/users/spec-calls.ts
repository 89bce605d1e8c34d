/**
 * `detailForBthw` and `getRegisterVerifyOrg` (SPEC §7, docs/decisions/0021). Rules only, no HTTP.
 */
import type { Locale } from '@portal/shared';
import type {
  TRegisterVerifyOrg,
  TRegisterVerifyOrgRequest,
  TUserDetailForBthw,
} from '@portal/shared/schemas/spec-calls';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit, RATE_LIMITS } from '../../platform/rate-limit.ts';
import type { SessionUser } from '../../platform/session.ts';
import { findInstitution, findInstitutionBySwiftCode } from '../institutions/index.ts';
import { checkRegistrationCode } from './registration.service.ts';
import { findUserById } from './users.repository.ts';

/** The signed-in user as the publish form fills its contact section, with their institution. */
export async function userDetailForBthw(db: Db, user: SessionUser): Promise<TUserDetailForBthw> {
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('PRT_CURRENT_USER_UNAVAILABLE');
  const institution = row.institutionId === null ? undefined : await findInstitution(db, row.institutionId);
  const profile = row.profile as Record<string, unknown>;
  const text = (key: string) =>
    typeof profile[key] === 'string' && profile[key] !== '' ? (profile[key] as string) : null;
  return {
    lgcSn: row.lgcSn,
    usrNm: row.name,
    emailAdr: row.email,
    phone: row.phone || text('phone'),
    jobTitle: text('jobTitle'),
    instNm: institution?.name ?? null,
    instSwiftCode: institution?.swiftCode ?? null,
    instCountry: institution?.country ?? null,
    bankInstitution: institution?.kind === 'bank',
  };
}

/**
 * The institution of institution management a registration with this SWIFT code joins, or null
 * (registering creates it). Asked with the registration e-mail and its code, which must be
 * right (checked, not used up: the registration still needs it); counted per address.
 */
export async function registerVerifyOrg(
  db: Db,
  config: Config,
  input: TRegisterVerifyOrgRequest,
  client: { ip: string; locale: Locale },
): Promise<TRegisterVerifyOrg> {
  await enforceRateLimit(db, { key: `register-verify-org:ip:${client.ip}`, ...RATE_LIMITS.registerVerifyOrgPerIp });
  await checkRegistrationCode(db, config, input, client.locale);
  const institution = await findInstitutionBySwiftCode(db, input.instSwiftCode);
  if (!institution?.swiftCode) return null;
  return {
    instNm: institution.name,
    instSwiftCode: institution.swiftCode,
    country: institution.country,
    continent: institution.continent,
  };
}
