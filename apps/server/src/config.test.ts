import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

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
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/portal', poolSize: 10 });
  });

  it('turns on secure cookies behind an https public address', () => {
    expect(parseConfig({ PUBLIC_BASE_URL: 'https://portal.bank.example/' }).cookieSecure).toBe(true);
  });

  it('refuses to start in production with the picture-code test switch on', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', CAPTCHA_TEST_MODE: 'true' })).toThrow(/CAPTCHA_TEST_MODE/);
    expect(parseConfig({ NODE_ENV: 'production' }).auth.captchaTestMode).toBe(false);
    expect(parseConfig({ NODE_ENV: 'test', CAPTCHA_TEST_MODE: 'true' }).auth.captchaTestMode).toBe(true);
  });

  it('refuses to start with bad values, naming each', () => {
    expect(() => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ORG_EMAIL: 'nobody' })).toThrow(ConfigError);
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    }
  });
});
