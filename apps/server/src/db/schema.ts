/**
 * TypeScript shape of the database, as the application sees it (camelCase; the
 * CamelCasePlugin maps to the snake_case columns). Each migration that adds a table adds its
 * interface here.
 */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Small key/value facts about the installation itself. */
export interface AppMetaTable {
  key: string;
  value: string;
  updatedAt: Generated<Timestamp>;
}

/** Demo-data steps already applied, so each runs exactly once per database. */
export interface SeedStepTable {
  name: string;
  appliedAt: Generated<Timestamp>;
}

export type Activation = '1' | '5' | '6' | '7' | '8';

export interface InstitutionTable {
  id: Generated<number>;
  lgcSn: string;
  name: string;
  swiftCode: string | null;
  kind: 'partner' | 'bank';
  country: string | null;
  continent: string | null;
  status: Generated<'active' | 'stopped'>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface AppUserTable {
  id: Generated<number>;
  lgcSn: string;
  email: string;
  passwordHash: string | null;
  name: string;
  phone: string | null;
  institutionId: number | null;
  roleCodes: Generated<string[]>;
  activation: Activation;
  status: Generated<'active' | 'stopped'>;
  stoppedReason: string | null;
  forcePasswordChange: Generated<boolean>;
  agreementAccepted: Generated<boolean>;
  profileComplete: Generated<boolean>;
  profile: JSONColumnType<Record<string, unknown>, string, string>;
  interestedTypes: Generated<string[]>;
  locale: Generated<string>;
  reviewNote: string | null;
  failedLogins: Generated<number>;
  lockedUntil: Timestamp | null;
  lastLoginAt: Timestamp | null;
  lastActiveAt: Timestamp | null;
  dormantWarnedAt: Timestamp | null;
  invitedBy: number | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface UserSessionTable {
  tokenHash: string;
  userId: number;
  createdAt: Generated<Timestamp>;
  lastSeenAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  ip: string | null;
  userAgent: string | null;
}

export interface KnownDeviceTable {
  userId: number;
  deviceHash: string;
  firstSeenAt: Generated<Timestamp>;
  lastSeenAt: Generated<Timestamp>;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  purpose: string;
  email: string;
  codeHash: string;
  attempts: Generated<number>;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  consumedAt: Timestamp | null;
}

export interface CaptchaTable {
  traceId: string;
  answerHash: string;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  consumedAt: Timestamp | null;
}

export interface RateLimitCounterTable {
  key: string;
  windowStart: Timestamp;
  count: Generated<number>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  toAddress: string;
  locale: string;
  template: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  status: Generated<'pending' | 'sent' | 'failed' | 'stored'>;
  attempts: Generated<number>;
  nextAttemptAt: Generated<Timestamp>;
  lastError: string | null;
  createdAt: Generated<Timestamp>;
  sentAt: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Timestamp>;
  actorUserId: number | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: JSONColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
}

export interface Database {
  appMeta: AppMetaTable;
  seedStep: SeedStepTable;
  institution: InstitutionTable;
  appUser: AppUserTable;
  userSession: UserSessionTable;
  knownDevice: KnownDeviceTable;
  verificationCode: VerificationCodeTable;
  captcha: CaptchaTable;
  rateLimitCounter: RateLimitCounterTable;
  mailOutbox: MailOutboxTable;
  auditLog: AuditLogTable;
}
