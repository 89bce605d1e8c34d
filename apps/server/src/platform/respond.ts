import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The success envelope: `{ code: "0", message, data }`, message in the request's language. */
export function ok<T>(request: FastifyRequest, data: T): { code: '0'; message: string; data: T } {
  return { code: '0', message: request.t('server.ok'), data };
}

/**
 * The Fastify instance a route plugin registers on (with zod schemas), for the functions that
 * register a group of a plugin's routes: `function registerListRoutes(app: RouteApp, deps) {…}`.
 * The plugin's options do not change its type.
 */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
