import type { FastifyRequest } from 'fastify';

/** The success envelope: `{ code: "0", message, data }`, message in the request's language. */
export function ok<T>(request: FastifyRequest, data: T): { code: '0'; message: string; data: T } {
  return { code: '0', message: request.t('server.ok'), data };
}
