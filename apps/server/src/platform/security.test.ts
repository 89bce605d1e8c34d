import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.ts';
import { pageCsp } from './security.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('pageCsp', () => {
  it('admits only the page itself and its nonce by default', () => {
    const policy = pageCsp('abc', false);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it("admits a configured helper's origin for scripts and calls, and nothing more", () => {
    const policy = pageCsp('abc', true, ['https://uncommon-char.bank.example']);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc' https://uncommon-char.bank.example");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://uncommon-char.bank.example");
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'nonce-abc'");
    expect(policy).toContain('upgrade-insecure-requests');
  });
});

describe('the client address behind proxies (TRUST_PROXY)', async () => {
  const echoAddress = (app: FastifyInstance) => {
    app.get('/api/__test/ip', { config: { access: 'public' } }, async (request) => ({
      ip: request.ip,
      protocol: request.protocol,
    }));
  };
  const hops = await buildTestApp({ TRUST_PROXY: '1' }, echoAddress);
  const twoHops = await buildTestApp({ TRUST_PROXY: '2' }, echoAddress);
  const listed = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }, echoAddress);
  const off = await buildTestApp({}, echoAddress);
  const CLIENT = '203.0.113.7';
  const ask = (app: FastifyInstance, peer: string, forwarded: string, headers: Record<string, string> = {}) =>
    app
      .inject({
        method: 'GET',
        url: '/api/__test/ip',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwarded, ...headers },
      })
      .then((res) => res.json() as { ip: string; protocol: string });

  // Whatever a client writes at the left of X-Forwarded-For, the address is the same.
  const rotations = ['198.51.100.1', '198.51.100.2, 192.0.2.9', '10.0.0.9', 'unknown'];
  it.each([
    ['one hop', hops.app, '10.0.0.2', (left: string) => `${left}, ${CLIENT}`],
    ['two hops', twoHops.app, '10.0.0.2', (left: string) => `${left}, ${CLIENT}, 10.0.0.1`],
    ['a list of proxies', listed.app, '10.0.0.2', (left: string) => `${left}, ${CLIENT}, 10.0.0.1`],
    ['a list, loopback proxy', listed.app, '127.0.0.1', (left: string) => `${left}, ${CLIENT}`],
  ])(
    'with %s, takes the address the trusted proxy saw, however the client rotates the rest',
    async (_what, app, peer, header) => {
      for (const left of rotations) expect((await ask(app, peer, header(left))).ip).toBe(CLIENT);
    },
  );

  it('believes no forwarded header from a peer that is not a listed proxy', async () => {
    const direct = await ask(listed.app, '198.51.100.50', CLIENT, { 'x-forwarded-proto': 'https' });
    expect(direct).toEqual({ ip: '198.51.100.50', protocol: 'http' });
    expect((await ask(listed.app, '10.0.0.2', CLIENT, { 'x-forwarded-proto': 'https' })).protocol).toBe('https');
  });

  it('gives each end-to-end browser its own address (TRUST_PROXY=loopback, over a real socket)', async () => {
    const { app } = await buildTestApp({ TRUST_PROXY: 'loopback' }, echoAddress);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const client of ['198.18.0.1', '198.18.0.2']) {
      const res = await fetch(`${base}/api/__test/ip`, { headers: { 'x-forwarded-for': client } });
      expect(((await res.json()) as { ip: string }).ip).toBe(client);
    }
  });

  it('uses the socket address when TRUST_PROXY is unset', async () => {
    expect((await ask(off.app, '198.51.100.50', CLIENT)).ip).toBe('198.51.100.50');
  });
});

describe('the API docs', async () => {
  const production = { NODE_ENV: 'production', JOBS_ENABLED: 'false', PUBLIC_BASE_URL: 'https://portal.example' };
  const hidden = await buildTestApp(production);
  const shown = await buildTestApp({ ...production, API_DOCS: 'true' });
  const dev = await buildTestApp();

  it.each(['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html'])(
    'are not served in production: %s answers 404 with the envelope',
    async (url) => {
      const res = await hidden.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PRT_ROUTE_NOT_FOUND');
    },
  );

  it('are served in production with API_DOCS=true, and by default outside production', async () => {
    for (const { app } of [shown, dev]) {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().openapi).toMatch(/^3\./);
    }
  });
});
