import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_jobs.ts';
import * as m0004 from './0004_files.ts';
import * as m0005 from './0005_cooperation.ts';
import * as m0006 from './0006_content.ts';
import * as m0007 from './0007_list_speed.ts';
import * as m0008 from './0008_login_failures.ts';
import * as m0009 from './0009_seals_contracts.ts';
import * as m0010 from './0010_application_status.ts';
import * as m0011 from './0011_lockout_by_browser.ts';
import * as m0012 from './0012_sealed_keys.ts';
import * as m0013 from './0013_timestamp_authority.ts';
import * as m0014 from './0014_agreement_versions.ts';
import * as m0017 from './0017_contract_evidence.ts';
import * as m0018 from './0018_request_fields.ts';
import * as m0019 from './0019_opportunity_list_version.ts';
import * as m0020 from './0020_session_notify.ts';

/**
 * Every migration, in order. Listed statically (rather than read from the folder at run time)
 * so the set is fixed at build time and a missing file is a compile error.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_jobs': m0003,
  '0004_files': m0004,
  '0005_cooperation': m0005,
  '0006_content': m0006,
  '0007_list_speed': m0007,
  '0008_login_failures': m0008,
  '0009_seals_contracts': m0009,
  '0010_application_status': m0010,
  '0011_lockout_by_browser': m0011,
  '0012_sealed_keys': m0012,
  '0013_timestamp_authority': m0013,
  '0014_agreement_versions': m0014,
  '0017_contract_evidence': m0017,
  '0018_request_fields': m0018,
  '0019_opportunity_list_version': m0019,
  '0020_session_notify': m0020,
};
