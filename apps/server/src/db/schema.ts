/**
 * TypeScript shape of the database, as the application sees it (camelCase; the
 * CamelCasePlugin maps to the snake_case columns). Each migration that adds a table adds its
 * interface here.
 */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column with a default (now()): optional on insert. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamptz column. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Small key/value facts about the installation itself. */
export interface AppMetaTable {
  key: string;
  value: string;
  updatedAt: DefaultTimestamp;
}

/** Demo-data steps already applied, so each runs exactly once per database. */
export interface SeedStepTable {
  name: string;
  appliedAt: DefaultTimestamp;
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
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
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
  /** Log-in answers YBLTS100U022 until the password is reset by e-mail. */
  passwordResetRequired: Generated<boolean>;
  agreementAccepted: Generated<boolean>;
  profileComplete: Generated<boolean>;
  profile: JSONColumnType<Record<string, unknown>, string, string>;
  interestedTypes: Generated<string[]>;
  locale: Generated<string>;
  reviewNote: string | null;
  lastLoginAt: NullableTimestamp;
  lastActiveAt: NullableTimestamp;
  dormantWarnedAt: NullableTimestamp;
  invitedBy: number | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface UserSessionTable {
  tokenHash: string;
  userId: number;
  createdAt: DefaultTimestamp;
  lastSeenAt: DefaultTimestamp;
  expiresAt: Timestamp;
  ip: string | null;
  userAgent: string | null;
}

/** The browser that registered an account reads its application's state with this (hashed) token. */
export interface ApplicationStatusTokenTable {
  tokenHash: string;
  userId: number;
  expiresAt: Timestamp;
  createdAt: DefaultTimestamp;
}

export interface KnownDeviceTable {
  userId: number;
  deviceHash: string;
  firstSeenAt: DefaultTimestamp;
  lastSeenAt: DefaultTimestamp;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  purpose: string;
  email: string;
  codeHash: string;
  attempts: Generated<number>;
  createdAt: DefaultTimestamp;
  expiresAt: Timestamp;
  consumedAt: NullableTimestamp;
}

export interface CaptchaTable {
  traceId: string;
  answerHash: string;
  createdAt: DefaultTimestamp;
  expiresAt: Timestamp;
  consumedAt: NullableTimestamp;
}

/**
 * Failed log-ins in a row per address (registered or not) and the wait they caused: one row for
 * browsers new to the account (`deviceHash` '') and one per browser that logged in to it before.
 */
export interface LoginFailureTable {
  email: string;
  deviceHash: Generated<string>;
  failures: Generated<number>;
  lockedUntil: NullableTimestamp;
  updatedAt: DefaultTimestamp;
  /** When the holder was last e-mailed that the address is being tried ('' row only). */
  notifiedAt: NullableTimestamp;
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
  nextAttemptAt: DefaultTimestamp;
  lastError: string | null;
  createdAt: DefaultTimestamp;
  sentAt: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: DefaultTimestamp;
  actorUserId: number | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: JSONColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
}

/** One row per periodic job (platform/jobs.ts): who may run it now, and how its last run went. */
export interface JobLeaseTable {
  name: string;
  /** Held by the instance running the job until then; null when free. */
  lockedUntil: NullableTimestamp;
  lastRunAt: NullableTimestamp;
  lastResult: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/**
 * One row: raised by triggers whenever a write could change what the Business Opportunities
 * filters match (migration 0019); the list's counts are kept with it (docs/decisions/0027).
 */
export interface OpportunityListVersionTable {
  id: Generated<boolean>;
  version: number;
}

/** An uploaded file's metadata; its bytes are in the file storage under `storageKey`. */
export interface FileObjectTable {
  id: Generated<number>;
  lgcSn: string;
  purpose: string;
  originalName: string;
  mime: string;
  sizeBytes: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  storageKey: string;
  ownerUserId: number | null;
  /** The registering address, for uploads made before the account exists. */
  ownerEmail: string | null;
  /** What the file belongs to once used, e.g. `user:<lgcSn>` (introduction attachments). */
  attachedTo: string | null;
  createdAt: DefaultTimestamp;
}

export type RequestStatusColumn = 'draft' | 'effective' | 'invalid';

/** A cooperation request (a draft too). Columns are what lists filter on; `fields` has the whole form. */
export interface CooperationRequestTable {
  id: Generated<number>;
  lgcSn: string;
  ownerUserId: number;
  institutionId: number;
  status: RequestStatusColumn;
  invalidReason: 'expired' | 'withdrawn' | 'takenDown' | null;
  takenDownNote: string | null;
  categoryCode: string;
  choiceCode: string | null;
  typeCode: string | null;
  subTypeCode: string | null;
  direction: string | null;
  name: Generated<string>;
  currency: string | null;
  /** numeric: read as a decimal string. */
  amount: ColumnType<string | null, string | null | undefined, string | null>;
  termType: string | null;
  commonTerm: string | null;
  customTermDays: number | null;
  price: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  validFrom: ColumnType<string | null, string | null | undefined, string | null>;
  validUntil: ColumnType<string | null, string | null | undefined, string | null>;
  scopeLimited: Generated<boolean>;
  scopeCountries: Generated<string[]>;
  bankBranch: string | null;
  /** Customer type code (dictionary customerTypes), a copy of `fields.customerType`. */
  customerType: string | null;
  /** date: read as `YYYY-MM-DD`; a copy of `fields.intendedTimeLimit`. */
  intendedTimeLimit: ColumnType<string | null, string | null | undefined, string | null>;
  fields: JSONColumnType<Record<string, unknown>, string, string>;
  publishedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface CooperationFollowTable {
  userId: number;
  requestId: number;
  createdAt: DefaultTimestamp;
}

export interface CooperationIntentionTable {
  id: Generated<number>;
  lgcSn: string;
  requestId: number;
  senderUserId: number;
  senderInstitutionId: number;
  recipientInstitutionId: number;
  message: string;
  status: Generated<'pending' | 'agreed' | 'rejected'>;
  respondedBy: number | null;
  respondedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

export interface CooperationPushTable {
  id: Generated<number>;
  requestId: number;
  institutionId: number;
  kind: 'system' | 'manual';
  pushedBy: number | null;
  pushedAt: DefaultTimestamp;
}

export interface MessageTable {
  id: Generated<number>;
  lgcSn: string;
  userId: number;
  type:
    | 'match'
    | 'intentionReceived'
    | 'intentionRejected'
    | 'intentionAgreed'
    | 'requestPublished'
    | 'intentionReached'
    | 'sealSubmitted'
    | 'sealApproved'
    | 'sealRejected'
    | 'contractUploaded'
    | 'contractSigned';
  requestId: number | null;
  institutionId: number | null;
  /** Where opening the message leads (a web path), for messages about a seal or a contract. */
  link: Generated<string | null>;
  /** The name of the seal or the title of the contract it is about, as written. */
  subject: Generated<string | null>;
  readAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

export interface MasterAgreementTable {
  id: Generated<number>;
  lgcSn: string;
  institutionId: number;
  userId: number;
  subTypeCode: string;
  note: Generated<string>;
  status: Generated<'submitted' | 'signed'>;
  signedBy: number | null;
  signedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

/** Portal content entries of every kind (migration 0006; docs/decisions/0007-public-content.md). */
export type ContentEntryKind =
  | 'banner'
  | 'module'
  | 'article'
  | 'report'
  | 'topic'
  | 'compliance'
  | 'institution'
  | 'questionnaire';

export interface ContentEntryTable {
  id: Generated<number>;
  lgcSn: string;
  kind: ContentEntryKind;
  status: ColumnType<'draft' | 'published', 'draft' | 'published' | undefined, 'draft' | 'published'>;
  entryKey: string | null;
  category: string | null;
  sortOrder: ColumnType<number, number | undefined, number>;
  /** A date column, read as 'YYYY-MM-DD' (db/database.ts keeps dates as text). */
  publishDate: ColumnType<string | null, string | null | undefined, string | null>;
  publishFrom: NullableTimestamp;
  publishUntil: NullableTimestamp;
  title: JSONColumnType<{ en: string; zh: string }>;
  data: JSONColumnType<Record<string, unknown>>;
  searchText: ColumnType<string, string | undefined, string>;
  publishedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
  updatedBy: number | null;
}

export interface ContentVersionTable {
  id: number;
  version: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  lgcSn: string;
  text: string;
  email: string;
  locale: string;
  userId: number | null;
  imageIds: ColumnType<string[], string[] | undefined, string[]>;
  answer: string | null;
  answeredBy: number | null;
  answeredAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

export interface LeaveMessageTable {
  id: Generated<number>;
  lgcSn: string;
  userId: number;
  content: string;
  reply: string | null;
  repliedBy: number | null;
  repliedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

/** Event tracking: one counter per day, page, action ('view' | 'click') and target. */
export interface EventTrackDailyTable {
  day: string;
  page: string;
  action: string;
  target: string;
  count: number;
}

type Bytes = ColumnType<Buffer, Buffer | Uint8Array, Buffer | Uint8Array>;
type NullableBytes = ColumnType<Buffer | null, Buffer | Uint8Array | null | undefined, Buffer | Uint8Array | null>;

/** The portal's certificate authority and its own signing certificate (one row, id 1). */
export interface SigningAuthorityTable {
  id: number;
  certificateDer: Bytes;
  /**
   * The authority's private key, sealed (platform/signing/key-sealing.ts, purpose 'authority');
   * null when the key is supplied by configuration (SIGNING_CA_KEY_FILE).
   */
  privateKeySealed: NullableBytes;
  portalCertificateDer: Bytes;
  /** The portal's evidence-report key, sealed (purpose 'portal'). */
  portalPrivateKeySealed: Bytes;
  /** The portal's RFC 3161 timestamp authority: its certificate (EKU timeStamping); null until issued. */
  tsaCertificateDer: NullableBytes;
  /** Its key, sealed (purpose 'tsa'). */
  tsaPrivateKeySealed: NullableBytes;
  createdAt: DefaultTimestamp;
}

export type SealStateColumn = 'submitted' | 'pendingApproval' | 'effective' | 'rejected' | 'cancelled' | 'expired';

export interface SealTable {
  id: Generated<number>;
  lgcSn: string;
  sealNo: string;
  sealType: Generated<string>;
  name: string;
  institutionId: number;
  applicantUserId: number;
  state: SealStateColumn;
  periodMonths: number;
  reason: string;
  approverBranch: string;
  /** File lgcSns (file_object.lgc_sn). */
  imageFile: string;
  imageType: Generated<string>;
  imageWidth: number;
  imageHeight: number;
  authorizationFile: string;
  agreementAcceptedAt: Timestamp;
  reviewerUserId: number | null;
  reviewStartedAt: NullableTimestamp;
  decidedAt: NullableTimestamp;
  rejectReason: string | null;
  validFrom: NullableTimestamp;
  validTo: NullableTimestamp;
  certificateDer: NullableBytes;
  certificateSerial: string | null;
  /** The seal's private key, sealed (purpose 'seal:<lgcSn>'); null before approval and once destroyed (cancelled, expired). */
  privateKeySealed: NullableBytes;
  cancelledAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  expiredAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface ContractTable {
  id: Generated<number>;
  lgcSn: string;
  intentionId: number;
  title: string;
  state: 'uploaded' | 'signing' | 'signed';
  /** File lgcSns (file_object.lgc_sn). */
  originalFile: string;
  currentFile: string;
  pageCount: number;
  uploadedBy: number;
  uploadedAt: DefaultTimestamp;
  confirmedBy: number | null;
  confirmedAt: NullableTimestamp;
  signedAt: NullableTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface ContractSignatureTable {
  id: Generated<number>;
  contractId: number;
  party: 'publisher' | 'counterpart';
  institutionId: number;
  userId: number;
  signingSealId: number;
  fileBefore: string;
  fileAfter: string;
  sha256Before: string;
  sha256After: string;
  signedAt: Timestamp;
  ip: string | null;
}

export interface ContractPlacementTable {
  id: Generated<number>;
  signatureId: number;
  sealId: number;
  page: number;
  x: number;
  y: number;
}

export interface ContractEventTable {
  id: Generated<number>;
  intentionId: number;
  kind: 'uploaded' | 'deleted' | 'confirmed' | 'viewed' | 'codeSent' | 'placed' | 'signed' | 'evidence' | 'completed';
  userId: number;
  institutionId: number;
  sealId: number | null;
  page: number | null;
  fileName: string | null;
  sha256Before: string | null;
  sha256After: string | null;
  ip: string | null;
  userAgent: Generated<string | null>;
  at: DefaultTimestamp;
}

/** The evidence report of a completed contract, made once per language (docs/decisions/0020). */
export interface ContractEvidenceTable {
  id: Generated<number>;
  contractId: number;
  locale: 'en-US' | 'zh-CN';
  fileLgcSn: string;
  sha256: string;
  madeAt: DefaultTimestamp;
}

export interface AgreementVersionTable {
  id: Generated<number>;
  version: string;
  /** ISO date (YYYY-MM-DD) from which the version applies. */
  effectiveDate: string;
  publishedBy: number | null;
  publishedAt: DefaultTimestamp;
}

export interface AgreementAcceptanceTable {
  id: Generated<number>;
  userId: number;
  version: string;
  ip: string | null;
  acceptedAt: DefaultTimestamp;
}

export interface Database {
  appMeta: AppMetaTable;
  seedStep: SeedStepTable;
  institution: InstitutionTable;
  appUser: AppUserTable;
  userSession: UserSessionTable;
  applicationStatusToken: ApplicationStatusTokenTable;
  knownDevice: KnownDeviceTable;
  verificationCode: VerificationCodeTable;
  captcha: CaptchaTable;
  rateLimitCounter: RateLimitCounterTable;
  loginFailure: LoginFailureTable;
  mailOutbox: MailOutboxTable;
  auditLog: AuditLogTable;
  jobLease: JobLeaseTable;
  fileObject: FileObjectTable;
  cooperationRequest: CooperationRequestTable;
  opportunityListVersion: OpportunityListVersionTable;
  cooperationFollow: CooperationFollowTable;
  cooperationIntention: CooperationIntentionTable;
  cooperationPush: CooperationPushTable;
  message: MessageTable;
  masterAgreement: MasterAgreementTable;
  contentEntry: ContentEntryTable;
  contentVersion: ContentVersionTable;
  feedback: FeedbackTable;
  leaveMessage: LeaveMessageTable;
  eventTrackDaily: EventTrackDailyTable;
  signingAuthority: SigningAuthorityTable;
  seal: SealTable;
  contract: ContractTable;
  contractSignature: ContractSignatureTable;
  contractPlacement: ContractPlacementTable;
  contractEvent: ContractEventTable;
  contractEvidence: ContractEvidenceTable;
  agreementVersion: AgreementVersionTable;
  agreementAcceptance: AgreementAcceptanceTable;
}
