import { type TSiteConfig, ZEnvelope, ZSiteConfig } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { ok } from '../../platform/respond.ts';

/** Builds the public brand settings from configuration (header, footer, contact). */
export function siteConfigOf(brand: Config['brand']): TSiteConfig {
  return {
    bankName: brand.bankName,
    portalName: brand.portalName,
    orgEmail: brand.orgEmail,
    serviceLine: brand.serviceLine,
    externalLinks: [
      {
        key: 'personalBanking',
        label: { en: 'Personal Banking', zh: '个人网上银行' },
        url: { en: brand.personalBankingUrl, zh: brand.personalBankingUrl },
      },
      {
        key: 'corporateBanking',
        label: { en: 'Corporate Banking', zh: '企业网上银行' },
        url: { en: brand.corporateBankingUrl, zh: brand.corporateBankingUrl },
      },
      {
        key: 'afca',
        label: { en: 'Asian Financial Cooperation Association', zh: '亚洲金融合作协会' },
        url: brand.afcaUrl,
      },
    ],
    copyright: {
      en: `© ${new Date().getFullYear()} ${brand.bankName.en}. All rights reserved.`,
      zh: `© ${new Date().getFullYear()} ${brand.bankName.zh} 版权所有`,
    },
  };
}

export const siteRoutes: FastifyPluginAsyncZod<{ brand: Config['brand'] }> = async (app, { brand }) => {
  const site = siteConfigOf(brand);
  app.get(
    '/api/site/config',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSiteConfig',
        tags: ['site'],
        summary: 'Brand settings shown in header and footer',
        response: { 200: ZEnvelope(ZSiteConfig) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(request, site);
    },
  );
};
