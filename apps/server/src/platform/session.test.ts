import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.ts';
import { ok } from './respond.ts';

const writeRoute = (app: FastifyInstance) => {
  app.post('/api/__test/write', { config: { access: 'public' } }, async (request) => ok(request, null));
};

describe('the origin check on state-changing requests', async () => {
  const { app } = await buildTestApp({ PUBLIC_BASE_URL: 'https://portal.example' }, writeRoute);
  const send = (method: 'POST' | 'GET', headers: Record<string, string>) =>
    app.inject({ method, url: method === 'POST' ? '/api/__test/write' : '/api/no/such/route', headers });

  it.each([
    ['the portal itself', 'https://portal.example', 'portal.example'],
    ['the portal with its default port written out', 'https://portal.example:443', 'portal.example'],
  ])('lets %s through', async (_what, origin, host) => {
    const res = await send('POST', { origin, host });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['the same host over http', 'http://portal.example', 'portal.example'],
    ['the same host on another port', 'https://portal.example:8443', 'portal.example:8443'],
    ['the same host over http on another port', 'http://portal.example:8080', 'portal.example:8080'],
    ['another site', 'https://evil.example', 'portal.example'],
    ['an opaque origin', 'null', 'portal.example'],
    ['an origin that does not parse', 'https://', 'portal.example'],
  ])('refuses %s, even when the Host header agrees with it', async (_what, origin, host) => {
    const res = await send('POST', { origin, host, lang: 'zh-CN' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PRT_FORBIDDEN');
  });

  it('lets requests without an Origin through (not from a browser page), and safe methods from anywhere', async () => {
    expect((await send('POST', {})).statusCode).toBe(200);
    expect((await send('GET', { origin: 'https://evil.example' })).statusCode).toBe(404);
  });
});

describe('the origin check in development', async () => {
  // The web app's dev server (Vite on :5173) proxies /api keeping its own Host.
  const { app } = await buildTestApp(
    { NODE_ENV: 'development', JOBS_ENABLED: 'false', PUBLIC_BASE_URL: 'http://localhost:8080' },
    writeRoute,
  );
  it.each([
    ['the public address', 'http://localhost:8080', 'localhost:8080', 200],
    ['the address the request was sent to', 'http://localhost:5173', 'localhost:5173', 200],
    ['another port than the request was sent to', 'http://localhost:5174', 'localhost:5173', 403],
    ['another scheme than the request was sent over', 'https://localhost:5173', 'localhost:5173', 403],
  ])('answers a write from %s (Origin %s, Host %s) with %i', async (_what, origin, host, status) => {
    const res = await app.inject({ method: 'POST', url: '/api/__test/write', headers: { origin, host } });
    expect(res.statusCode).toBe(status);
  });
});
