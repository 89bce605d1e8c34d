import { type Locale, resolveLocale, translate } from '@portal/shared';
// Every namespace, the e-mails' and the server's own included (the web app loads some on demand).
import '@portal/shared/i18n/full';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader's language: the `lang` header, else Accept-Language, else en-US. */
    locale: Locale;
    /** Translates a `namespace.key` into the request's language. */
    t(key: string, params?: Record<string, string | number>): string;
  }
}

export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const lang = request.headers.lang;
  return resolveLocale(Array.isArray(lang) ? lang[0] : lang, request.headers['accept-language']);
}

export const i18nPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', 'en-US');
    app.decorateRequest('t', function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
      return translate(this.locale, key, params);
    });
    app.addHook('onRequest', async (request, reply) => {
      request.locale = requestLocale(request);
      reply.header('content-language', request.locale);
      reply.header('vary', 'lang, accept-language');
    });
  },
  { name: 'i18n' },
);
