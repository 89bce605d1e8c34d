import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers.ts';
import { enqueueMail } from './outbox.ts';

const { app, database, config } = await buildTestApp();
const { db } = database;

await enqueueMail(
  db,
  {
    to: 'Ann@Partner.example',
    locale: 'zh-CN',
    template: 'emailCode',
    params: { code: 'K7QX', purpose: 'register', minutes: 10 },
  },
  config.brand,
);
await enqueueMail(
  db,
  {
    to: 'bob@bank.example',
    locale: 'en-US',
    template: 'registrationReceived',
    params: { name: '<script>alert(1)</script>' },
  },
  config.brand,
);

describe('GET /api/dev/mailbox', () => {
  it('lists queued e-mail newest first in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe('0');
    expect(data.list.map((m: { to: string }) => m.to)).toEqual(['bob@bank.example', 'Ann@Partner.example']);
    expect(Object.keys(data.list[0]).sort()).toEqual(['createdAt', 'id', 'subject', 'text', 'to']);
    expect(data.list[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('filters by recipient, ignoring case, so a journey can read its code', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ann@partner.example' });
    const { list } = res.json().data;
    expect(list).toHaveLength(1);
    expect(list[0].subject).toBe('同业合作平台注册验证码');
    expect(list[0].text).toContain('K7QX');
  });
});

describe('GET /dev/mailbox', () => {
  it('shows the messages as a plain HTML page with every value escaped', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('同业合作平台注册验证码');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toMatch(/<script|<style|style=/i);
    expect(res.body.indexOf('bob@bank.example')).toBeLessThan(res.body.indexOf('Ann@Partner.example'));
  });
});

describe('in production', async () => {
  const production = await buildTestApp({ NODE_ENV: 'production' });

  it('has no mailbox', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    const page = await production.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).not.toContain('Development mailbox');
  });
});
