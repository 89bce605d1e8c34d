import { ZSiteConfig } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers.ts';

const { app } = await buildTestApp({ ORG_EMAIL: 'partners@bank.example', SERVICE_LINE: '0086-95533' });

describe('GET /api/site/config', () => {
  it('returns the brand settings from configuration', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/site/config' });
    expect(res.statusCode).toBe(200);
    const data = ZSiteConfig.parse(res.json().data);
    expect(data.orgEmail).toBe('partners@bank.example');
    expect(data.serviceLine).toBe('0086-95533');
    expect(data.externalLinks.map((l) => l.key)).toEqual(['personalBanking', 'corporateBanking', 'afca']);
  });

  it('gives the association site a different address per language', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/site/config' });
    const afca = ZSiteConfig.parse(res.json().data).externalLinks.find((l) => l.key === 'afca');
    expect(afca?.url.en).not.toBe(afca?.url.zh);
  });
});
