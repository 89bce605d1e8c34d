import { describe, expect, it } from 'vitest';
import { ConfigError, checkProductionStart, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('defaults to the embedded database in ./data and port 8080', () => {
    const config = parseConfig({ INIT_CWD: '/srv/portal' });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/portal/data/pglite' });
    expect(config.storageDir).toBe('/srv/portal/data/files');
    expect(config.brand.serviceLine).toBe('0086-95533');
    expect(config.cookieSecure).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://u@db:5432/portal' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/portal',
      poolSize: 10,
      listenUrl: 'postgres://u@db:5432/portal',
    });
  });

  it('sends the LISTEN connection to DATABASE_LISTEN_URL when set (a pooler in transaction mode hears nothing)', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://u@pgbouncer:6432/portal',
      DATABASE_LISTEN_URL: 'postgres://u@db:5432/portal',
    });
    expect(config.database).toMatchObject({
      url: 'postgres://u@pgbouncer:6432/portal',
      listenUrl: 'postgres://u@db:5432/portal',
    });
    expect(() => parseConfig({ DATABASE_LISTEN_URL: 'postgres://u@db:5432/portal' })).toThrow(
      /DATABASE_LISTEN_URL: only with DATABASE_URL/,
    );
    expect(() => parseConfig({ DATABASE_URL: 'postgres://u@db/p', DATABASE_LISTEN_URL: 'http://x' })).toThrow(
      /DATABASE_LISTEN_URL: must be a postgres:\/\/ URL/,
    );
  });

  it('turns on secure cookies behind an https public address', () => {
    expect(parseConfig({ PUBLIC_BASE_URL: 'https://portal.bank.example/' }).cookieSecure).toBe(true);
  });

  it('refuses to start in production with the picture-code test switch on', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', CAPTCHA_TEST_MODE: 'true' })).toThrow(/CAPTCHA_TEST_MODE/);
    expect(parseConfig({ NODE_ENV: 'production' }).auth.captchaTestMode).toBe(false);
    expect(parseConfig({ NODE_ENV: 'test', CAPTCHA_TEST_MODE: 'true' }).auth.captchaTestMode).toBe(true);
  });

  it('loads demo data outside production, and in production only when asked', () => {
    expect(parseConfig({}).seedDemoData).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: '' }).seedDemoData).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(parseConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('takes the timestamps from the portal itself unless TSA_URL names an external authority', () => {
    expect(parseConfig({}).timestampAuthority).toBeNull();
    expect(parseConfig({ TSA_URL: 'https://tsa.example/tsr' }).timestampAuthority).toEqual({
      url: 'https://tsa.example/tsr',
    });
    expect(
      parseConfig({ TSA_URL: 'https://tsa.example/tsr', TSA_USERNAME: 'bank', TSA_PASSWORD: 'pw' }).timestampAuthority,
    ).toEqual({ url: 'https://tsa.example/tsr', username: 'bank', password: 'pw' });
    expect(() => parseConfig({ TSA_USERNAME: 'bank' })).toThrow(/TSA_USERNAME, TSA_PASSWORD: only with TSA_URL/);
    expect(() => parseConfig({ TSA_URL: 'not a url' })).toThrow(/TSA_URL/);
  });

  it('keeps the signing keys in a PKCS#11 token only with its module, token and PIN, and never beside a CA key file', () => {
    expect(parseConfig({}).signingPkcs11).toBeNull();
    const module = '/usr/lib/softhsm/libsofthsm2.so';
    expect(
      parseConfig({ SIGNING_PKCS11_MODULE: module, SIGNING_PKCS11_SLOT: '7', SIGNING_PKCS11_PIN: '1234' })
        .signingPkcs11,
    ).toEqual({ module, slotId: 7n, tokenLabel: null, pin: { kind: 'value', pin: '1234' } });
    expect(
      parseConfig({
        SIGNING_PKCS11_MODULE: module,
        SIGNING_PKCS11_TOKEN_LABEL: 'portal',
        SIGNING_PKCS11_PIN_FILE: '/run/secrets/pin',
      }).signingPkcs11,
    ).toEqual({ module, slotId: null, tokenLabel: 'portal', pin: { kind: 'file', path: '/run/secrets/pin' } });
    expect(() => parseConfig({ SIGNING_PKCS11_PIN: '1234' })).toThrow(
      /SIGNING_PKCS11_PIN: only with SIGNING_PKCS11_MODULE/,
    );
    expect(() => parseConfig({ SIGNING_PKCS11_MODULE: module, SIGNING_PKCS11_PIN: '1' })).toThrow(
      /SIGNING_PKCS11_SLOT, SIGNING_PKCS11_TOKEN_LABEL: set one of them/,
    );
    expect(() => parseConfig({ SIGNING_PKCS11_MODULE: module, SIGNING_PKCS11_SLOT: '1' })).toThrow(
      /SIGNING_PKCS11_PIN, SIGNING_PKCS11_PIN_FILE: set one of them/,
    );
    expect(() =>
      parseConfig({ SIGNING_PKCS11_MODULE: module, SIGNING_PKCS11_SLOT: 'first', SIGNING_PKCS11_PIN: '1' }),
    ).toThrow(/SIGNING_PKCS11_SLOT/);
    expect(() =>
      parseConfig({
        SIGNING_PKCS11_MODULE: module,
        SIGNING_PKCS11_SLOT: '1',
        SIGNING_PKCS11_PIN: '1',
        SIGNING_CA_CERT_FILE: 'ca.pem',
        SIGNING_CA_KEY_FILE: 'ca.key',
      }),
    ).toThrow(/not with SIGNING_PKCS11_MODULE/);
  });

  it('refuses to start with bad values, naming each', () => {
    const bad = () => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ORG_EMAIL: 'nobody' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/ORG_EMAIL/);
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    [' 10.1.2.3 , 127.0.0.1,::1 ', ['10.1.2.3', '127.0.0.1', '::1']],
    ['fd00::/8,loopback', ['fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    expect(parseConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['true', /TRUST_PROXY: `true` would trust the leftmost X-Forwarded-For entry.*number of proxies.*CIDR/],
    ['yes', /TRUST_PROXY: `true` would trust/],
    ['proxy.internal', /TRUST_PROXY: must be the number of proxies.*CIDR/],
    ['10.0.0.0/33', /TRUST_PROXY: must be/],
    ['10.0.0.1,', /TRUST_PROXY: must be/],
  ])('refuses TRUST_PROXY=%s, naming the accepted forms', (value, message) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(message);
  });

  it('serves the API docs outside production, and in production only when asked', () => {
    expect(parseConfig({}).apiDocs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(parseConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });
});

describe('checkProductionStart (issue 24)', () => {
  it.each([
    [{ NODE_ENV: 'production' }, /^Invalid configuration:\n {2}SMTP_URL: must be set in production/],
    [{ NODE_ENV: 'production', SMTP_URL: '' }, /SMTP_URL: must be set in production/],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.bank.example:587' }, null],
    [{ NODE_ENV: 'development' }, null],
    [{ NODE_ENV: 'test' }, null],
  ])('%j: %s', (env, refusal) => {
    const check = () => checkProductionStart(parseConfig(env));
    if (refusal) expect(check).toThrow(refusal);
    else expect(check).not.toThrow();
  });
});
