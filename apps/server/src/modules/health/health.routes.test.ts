import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp();

describe('GET /healthz and /readyz', () => {
  it('says the process is alive', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '0', message: 'Success', data: { status: 'ok' } });
  });

  it('says ready while the database answers, naming the engine', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz', headers: { lang: 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '0', message: '成功', data: { status: 'ready', database: database.engine } });
  });
});

describe('readiness when the database is gone', async () => {
  const broken = await buildTestApp();
  it('answers 503 with the envelope once the database stops answering', async () => {
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PRT_SERVICE_UNAVAILABLE', data: null });
    // Liveness does not depend on the database.
    expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
