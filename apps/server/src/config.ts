/**
 * Configuration, parsed once from the environment with zod. Nothing else reads `process.env`.
 * Every variable is documented in `.env.example` at the repository root.
 */
import { isIP } from 'node:net';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so that relative defaults do not depend on npm's working directory. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const TRUST_PROXY_FORMS =
  'the number of proxies in front of the server (e.g. 1), or their addresses / CIDR ranges, comma-separated ' +
  '(e.g. 10.0.0.0/8,127.0.0.1; also loopback, linklocal, uniquelocal), or false';

/** One trusted-proxy entry: an address, a CIDR range, or a named range proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Who may say where a request came from (X-Forwarded-For, -Proto, -Host): false, a hop count, or
 * the proxies' addresses. The client address is the first one not added by a trusted proxy.
 * `true` is refused: it trusts every hop, so the address would be the leftmost entry, which the
 * client writes itself (rotating it would escape every per-address limit).
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const given = value.trim().toLowerCase();
  if (['false', 'no', '0'].includes(given)) return false;
  if (/^\d{1,2}$/.test(given)) return Number(given);
  const entries = given.split(',').map((entry) => entry.trim());
  if (['true', 'yes'].includes(given) || !entries.every(isProxyAddress)) {
    const why = ['true', 'yes'].includes(given)
      ? '`true` would trust the leftmost X-Forwarded-For entry, which the client writes; give '
      : 'must be ';
    ctx.addIssue({ code: 'custom', message: `${why}${TRUST_PROXY_FORMS}` });
    return z.NEVER;
  }
  return entries;
});

/** A comma-separated list of e-mail domains, lower-cased, without a leading '@'. */
const domainList = z.string().transform((value, ctx): string[] => {
  const domains = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  if (!domains.every((domain) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain))) {
    ctx.addIssue({ code: 'custom', message: 'must be e-mail domains, comma-separated (e.g. gmail.com,mail.example)' });
    return z.NEVER;
  }
  return domains;
});

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_BASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** The API's description and its pages at /api/docs; unset: on, except in production. */
  API_DOCS: bool.optional(),

  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Where the instance's one LISTEN connection (the bell across instances) goes, when
   * DATABASE_URL is a pooler in transaction mode, through which LISTEN hears nothing; unset:
   * DATABASE_URL.
   */
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('data'),
  STORAGE_DIR: z.string().optional(),
  /** Where uploaded files' bytes go: this host's disk (STORAGE_DIR) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  /** Put before every object's key, e.g. portal/files/ (a trailing slash is not added). */
  S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "must be letters, digits and / ! - _ . * ' ( ) only")
    .default(''),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * How long a stored file no database row names is kept before the hourly prune deletes it: a
   * file written just before the transaction that names it commits is not an orphan yet.
   */
  ORPHAN_FILE_GRACE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Unset: demo data outside production only (db/seed/index.ts); true in production logs a warning. */
  SEED_DEMO_DATA: bool.optional(),
  /** The first system administrator, invited at start while there is none (modules/users/initial-admin.ts). */
  INITIAL_ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email('must be an e-mail address, e.g. it-admin@bank.example'))
    .optional(),
  INITIAL_ADMIN_NAME: z.string().trim().min(1).max(50).optional(),

  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Interbank Cooperation Portal <no-reply@portal.example>'),

  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(5),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** Failed log-ins in a row from browsers new to an account before they must wait (docs/security.md, "Lock-out"). */
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(100).default(5),
  /** The longest such wait: the first is a minute, and each further failure doubles it up to this. */
  LOCKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** Tests only: picture-code answers are sent in a response header. Refused in production. */
  CAPTCHA_TEST_MODE: bool.default(false),
  /** Registration refuses these e-mail domains beside the free-mail and disposable lists (comma-separated). */
  REGISTRATION_BLOCKED_DOMAINS: domainList.default([]),
  /** Registration accepts these domains even where a list names them (a bank's own domain listed by mistake). */
  REGISTRATION_ALLOWED_DOMAINS: domainList.default([]),

  /**
   * The certificate authority that issues seal certificates, as PEM files (certificate, and its
   * PKCS#8 private key). Unset: the portal makes its own on first start and keeps it in the
   * database (modules/seals/authority.ts). Both or neither.
   */
  SIGNING_CA_CERT_FILE: z.string().optional(),
  SIGNING_CA_KEY_FILE: z.string().optional(),
  /**
   * The key-encryption key that seals the private keys kept in the database (platform/signing/kek.ts):
   * 32 bytes, base64, or a file holding it. Neither: <DATA_DIR>/keys/signing-kek, which a start
   * outside production makes; a production start refuses without one of the three.
   */
  SIGNING_KEK: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64')
    .optional(),
  SIGNING_KEK_FILE: z.string().optional(),
  /**
   * Keys in a PKCS#11 token instead (platform/signing/pkcs11.ts): the module (the vendor's
   * library, e.g. /usr/lib/softhsm/libsofthsm2.so), the token (its slot id, or its label, or both)
   * and the user PIN (or a file holding it). The authority's, the portal's, the timestamp
   * authority's and every seal's keys are then made in the token and never leave it.
   */
  SIGNING_PKCS11_MODULE: z.string().min(1).optional(),
  SIGNING_PKCS11_SLOT: z.string().regex(/^\d+$/, 'must be the slot id, a whole number').optional(),
  SIGNING_PKCS11_TOKEN_LABEL: z.string().min(1).max(32).optional(),
  SIGNING_PKCS11_PIN: z.string().min(1).optional(),
  SIGNING_PKCS11_PIN_FILE: z.string().min(1).optional(),
  /**
   * An external RFC 3161 timestamp authority (its HTTP address) for the signatures' timestamps,
   * with HTTP basic credentials if it wants them. Unset: the portal's own authority, in-process
   * (modules/seals/timestamping.ts).
   */
  TSA_URL: z.url().optional(),
  TSA_USERNAME: z.string().optional(),
  TSA_PASSWORD: z.string().optional(),

  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Periodic jobs (platform/jobs.ts) on this instance; unset: on, except under NODE_ENV=test. */
  JOBS_ENABLED: bool.optional(),
  /**
   * Who may read /metrics: addresses or CIDR ranges, comma-separated (also loopback, linklocal,
   * uniquelocal). Unset: loopback, except in production, where nobody may until it is set.
   */
  METRICS_ALLOWED_ADDRESSES: z
    .string()
    .transform((value, ctx): string[] => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean);
      if (entries.length === 0 || !entries.every(isProxyAddress)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8,127.0.0.1; also loopback)',
        });
        return z.NEVER;
      }
      return entries;
    })
    .optional(),
  /**
   * The bench's server statistics (`GET /__bench/stats`: CPU time, statements sent, memory), for
   * `npm run bench` only; refused with NODE_ENV=production.
   */
  BENCH_STATS: bool.default(false),

  BANK_NAME_EN: z.string().default('Global Cooperation Bank'),
  BANK_NAME_ZH: z.string().default('环球合作银行'),
  PORTAL_NAME_EN: z.string().default('Interbank Cooperation Portal'),
  PORTAL_NAME_ZH: z.string().default('同业合作平台'),
  ORG_EMAIL: z.email().default('fi-cooperation@portal.example'),
  SERVICE_LINE: z.string().default('0086-95533'),
  PERSONAL_BANKING_URL: z.url().default('https://personal.bank.example'),
  CORPORATE_BANKING_URL: z.url().default('https://corporate.bank.example'),
  AFCA_URL_EN: z.url().default('https://www.afca-asia.org/en/'),
  AFCA_URL_ZH: z.url().default('https://www.afca-asia.org/'),

  /** Survey jump (/qtn/checkEmail): AES-256-GCM key, 32 bytes base64, unless a questionnaire has its own. */
  QUESTIONNAIRE_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64')
    .optional(),
  /** Page forwarding credentials (/pageForward/getTransKey); the call answers 404 when unset. */
  PAGE_FORWARD_APP_ID: z.string().optional(),
  PAGE_FORWARD_SECRET: z.string().min(32).optional(),
  /** Uncommon-Chinese-character input helper: base URL of its service (POST {url}/token); off when unset. */
  UNCOMMON_CHAR_URL: z.url().optional(),
  UNCOMMON_CHAR_CHANNEL: z.string().default('portal'),
  UNCOMMON_CHAR_TXCODE: z.string().default('token'),
  /** Comma-separated script addresses the browser loads after a successful token call. */
  UNCOMMON_CHAR_SCRIPTS: z.string().default(''),
  UNCOMMON_CHAR_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
});

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

/**
 * What a production start needs beyond a well-formed configuration. Checked by the start
 * (start.ts, before the database is opened) rather than by parseConfig, so that tests can build
 * production configurations without a mail server. Throws a ConfigError naming the variable.
 */
export function checkProductionStart(config: Pick<Config, 'isProduction' | 'smtp'>): void {
  if (!config.isProduction || config.smtp.url) return;
  throw new ConfigError(
    'Invalid configuration:\n  SMTP_URL: must be set in production (an smtp:// or smtps:// URL): registration and ' +
      'log-in codes, invitations and notices are e-mailed, and without it they would only be stored in the ' +
      'database, where nobody reads them (/dev/mailbox is off in production)',
  );
}

type Env = z.infer<typeof ZEnv>;

/** The PKCS#11 variables go together (platform/signing/pkcs11.ts); throws a ConfigError naming them. */
function checkPkcs11(e: Env): void {
  const refuse = (line: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  };
  const others = [
    'SIGNING_PKCS11_SLOT',
    'SIGNING_PKCS11_TOKEN_LABEL',
    'SIGNING_PKCS11_PIN',
    'SIGNING_PKCS11_PIN_FILE',
  ] as const;
  if (!e.SIGNING_PKCS11_MODULE) {
    const set = others.filter((name) => e[name] !== undefined);
    if (set.length) refuse(`${set.join(', ')}: only with SIGNING_PKCS11_MODULE`);
    return;
  }
  if (e.SIGNING_PKCS11_SLOT === undefined && e.SIGNING_PKCS11_TOKEN_LABEL === undefined) {
    refuse('SIGNING_PKCS11_SLOT, SIGNING_PKCS11_TOKEN_LABEL: set one of them (or both) with SIGNING_PKCS11_MODULE');
  }
  if ((e.SIGNING_PKCS11_PIN === undefined) === (e.SIGNING_PKCS11_PIN_FILE === undefined)) {
    refuse('SIGNING_PKCS11_PIN, SIGNING_PKCS11_PIN_FILE: set one of them with SIGNING_PKCS11_MODULE');
  }
  if (e.SIGNING_CA_KEY_FILE) {
    refuse(
      "SIGNING_CA_CERT_FILE, SIGNING_CA_KEY_FILE: not with SIGNING_PKCS11_MODULE (the authority's key is made in the token)",
    );
  }
}

/** Validates the environment against ZEnv; throws a ConfigError listing every bad variable. */
function readEnv(env: NodeJS.ProcessEnv): Env {
  // An empty variable means "not set" (as shells and .env files often leave them).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = ZEnv.safeParse(given);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Variables that are only valid together (or never together); throws a ConfigError naming them. */
function checkCombinations(e: Env): void {
  if (e.NODE_ENV === 'production' && e.CAPTCHA_TEST_MODE) {
    throw new ConfigError('Invalid configuration:\n  CAPTCHA_TEST_MODE: must not be set in production');
  }
  if (e.NODE_ENV === 'production' && e.BENCH_STATS) {
    throw new ConfigError('Invalid configuration:\n  BENCH_STATS: must not be set in production');
  }
  if (e.NODE_ENV === 'production' && e.INITIAL_ADMIN_EMAIL && !e.PUBLIC_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  INITIAL_ADMIN_EMAIL: needs PUBLIC_BASE_URL in production (the invitation link points there)',
    );
  }
  if (Boolean(e.SIGNING_CA_CERT_FILE) !== Boolean(e.SIGNING_CA_KEY_FILE)) {
    throw new ConfigError(
      'Invalid configuration:\n  SIGNING_CA_CERT_FILE, SIGNING_CA_KEY_FILE: set both (the CA certificate and its private key) or neither',
    );
  }
  if (e.DATABASE_LISTEN_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_LISTEN_URL: only with DATABASE_URL');
  }
  if ((e.TSA_USERNAME || e.TSA_PASSWORD) && !e.TSA_URL) {
    throw new ConfigError('Invalid configuration:\n  TSA_USERNAME, TSA_PASSWORD: only with TSA_URL');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: must be set with STORAGE_DRIVER=s3 (the bucket files go to)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither: the SDK finds them itself)',
    );
  }
  if (e.SIGNING_KEK && e.SIGNING_KEK_FILE) {
    throw new ConfigError('Invalid configuration:\n  SIGNING_KEK, SIGNING_KEK_FILE: set one of them, not both');
  }
}

/** Makes a relative path absolute against the folder the command was typed in. */
type Absolute = (path: string) => string;

function databaseConfig(e: Env, dataDir: string) {
  return e.DATABASE_URL
    ? ({
        kind: 'postgres',
        url: e.DATABASE_URL,
        poolSize: e.DATABASE_POOL_SIZE,
        listenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL,
      } as const)
    : ({ kind: 'pglite', dataDir: resolve(dataDir, 'pglite') } as const);
}

function storageConfig(e: Env, storageDir: string) {
  return e.STORAGE_DRIVER === 's3' && e.S3_BUCKET
    ? ({
        driver: 's3',
        bucket: e.S3_BUCKET,
        prefix: e.S3_PREFIX,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
      } as const)
    : ({ driver: 'local', dir: storageDir } as const);
}

/** The signing settings: the authority's files, the key-encryption key, the PKCS#11 token, the TSA. */
function signingConfig(e: Env, abs: Absolute, dataDir: string) {
  return {
    signingAuthority:
      e.SIGNING_CA_CERT_FILE && e.SIGNING_CA_KEY_FILE
        ? { certFile: abs(e.SIGNING_CA_CERT_FILE), keyFile: abs(e.SIGNING_CA_KEY_FILE) }
        : null,
    signingKek: e.SIGNING_KEK
      ? ({ kind: 'value', key: Buffer.from(e.SIGNING_KEK, 'base64') } as const)
      : ({
          kind: 'file',
          path: e.SIGNING_KEK_FILE ? abs(e.SIGNING_KEK_FILE) : resolve(dataDir, 'keys', 'signing-kek'),
          configured: Boolean(e.SIGNING_KEK_FILE),
        } as const),
    signingPkcs11: e.SIGNING_PKCS11_MODULE
      ? {
          module: abs(e.SIGNING_PKCS11_MODULE),
          slotId: e.SIGNING_PKCS11_SLOT === undefined ? null : BigInt(e.SIGNING_PKCS11_SLOT),
          tokenLabel: e.SIGNING_PKCS11_TOKEN_LABEL ?? null,
          pin:
            e.SIGNING_PKCS11_PIN !== undefined
              ? ({ kind: 'value', pin: e.SIGNING_PKCS11_PIN } as const)
              : ({ kind: 'file', path: abs(e.SIGNING_PKCS11_PIN_FILE ?? '') } as const),
        }
      : null,
    timestampAuthority: e.TSA_URL
      ? {
          url: e.TSA_URL,
          ...(e.TSA_USERNAME !== undefined ? { username: e.TSA_USERNAME, password: e.TSA_PASSWORD ?? '' } : {}),
        }
      : null,
  };
}

function authConfig(e: Env) {
  return {
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    /** How long a session read stays in an instance's cache (0: no cache; docs/decisions/0028). */
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    /** Failed log-ins and the waits they cause (platform/login-failures.ts). */
    lockout: {
      threshold: e.LOCKOUT_THRESHOLD,
      firstWaitMs: 60_000,
      maxWaitMs: e.LOCKOUT_MINUTES * 60_000,
      /** A count restarts a day after its last failure; the holder is warned at most once in it. */
      windowMs: 24 * 3_600_000,
    },
    captchaTestMode: e.CAPTCHA_TEST_MODE,
    /** Work e-mail at registration (modules/users/work-email.ts). */
    registrationDomains: { blocked: e.REGISTRATION_BLOCKED_DOMAINS, allowed: e.REGISTRATION_ALLOWED_DOMAINS },
  };
}

function brandConfig(e: Env) {
  return {
    bankName: { en: e.BANK_NAME_EN, zh: e.BANK_NAME_ZH },
    portalName: { en: e.PORTAL_NAME_EN, zh: e.PORTAL_NAME_ZH },
    orgEmail: e.ORG_EMAIL,
    serviceLine: e.SERVICE_LINE,
    personalBankingUrl: e.PERSONAL_BANKING_URL,
    corporateBankingUrl: e.CORPORATE_BANKING_URL,
    afcaUrl: { en: e.AFCA_URL_EN, zh: e.AFCA_URL_ZH },
  };
}

function contentConfig(e: Env) {
  return {
    questionnaireKey: e.QUESTIONNAIRE_KEY ? Buffer.from(e.QUESTIONNAIRE_KEY, 'base64') : null,
    pageForward:
      e.PAGE_FORWARD_APP_ID && e.PAGE_FORWARD_SECRET
        ? { appId: e.PAGE_FORWARD_APP_ID, secret: e.PAGE_FORWARD_SECRET }
        : null,
    uncommonChar: e.UNCOMMON_CHAR_URL
      ? {
          url: e.UNCOMMON_CHAR_URL.replace(/\/$/, ''),
          channel: e.UNCOMMON_CHAR_CHANNEL,
          txcode: e.UNCOMMON_CHAR_TXCODE,
          scripts: e.UNCOMMON_CHAR_SCRIPTS.split(',')
            .map((value) => value.trim())
            .filter(Boolean),
          timeoutMs: e.UNCOMMON_CHAR_TIMEOUT_MS,
        }
      : null,
  };
}

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = readEnv(env);
  checkCombinations(e);
  checkPkcs11(e);
  // npm runs workspace scripts from the package folder; INIT_CWD is where the user typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  const abs = (path: string) => (isAbsolute(path) ? path : resolve(base, path));
  const dataDir = abs(e.DATA_DIR);
  const storageDir = e.STORAGE_DIR ? abs(e.STORAGE_DIR) : resolve(dataDir, 'files');
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    database: databaseConfig(e, dataDir),
    dataDir,
    storageDir,
    /** Which file store the instance uses (platform/files/storage.ts, openFileStorage). */
    storage: storageConfig(e, storageDir),
    orphanFileGraceMs: e.ORPHAN_FILE_GRACE_HOURS * 3_600_000,
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    initialAdmin: e.INITIAL_ADMIN_EMAIL
      ? { email: e.INITIAL_ADMIN_EMAIL, name: e.INITIAL_ADMIN_NAME ?? 'System Administrator' }
      : null,
    smtp: { url: e.SMTP_URL, from: e.MAIL_FROM },
    ...signingConfig(e, abs, dataDir),
    webDistDir: isAbsolute(e.WEB_DIST_DIR) ? e.WEB_DIST_DIR : resolve(PROJECT_ROOT, e.WEB_DIST_DIR),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    /** Tests run jobs by calling app.jobs.runDue(now), not on a timer. */
    jobs: { enabled: e.JOBS_ENABLED ?? e.NODE_ENV !== 'test' },
    /** Who may read /metrics (platform/metrics.ts); an empty list: nobody. */
    metricsAllowed: e.METRICS_ALLOWED_ADDRESSES ?? (e.NODE_ENV === 'production' ? [] : ['loopback']),
    benchStats: e.BENCH_STATS,
    auth: authConfig(e),
    /** Secure cookies whenever the portal is reached over HTTPS. */
    cookieSecure: publicBaseUrl.startsWith('https://'),
    brand: brandConfig(e),
    content: contentConfig(e),
  };
}
