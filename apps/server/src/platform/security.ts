/**
 * Security headers. helmet sets the usual set; the Content-Security-Policy is ours, because the
 * web app's HTML needs a fresh nonce per response (antd writes its styles into <style> tags that
 * carry it) while API answers get a policy that allows nothing at all.
 *
 * Answers the router gives before any hook runs (a malformed URL, an over-long path parameter:
 * errors.ts, frameworkErrorHandler) get the same headers from `securityHeaders`; a test holds the
 * two sets equal.
 */
import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The page policy. `scriptOrigins`: outside origins whose scripts the page may load and call
 * (the uncommon-character input helper, when configured); none by default.
 */
export function pageCsp(nonce: string, upgradeInsecure: boolean, scriptOrigins: readonly string[] = []): string {
  const outside = scriptOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${outside}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${outside}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(upgradeInsecure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/**
 * Every header this plugin gives an API answer (helmet's with the options below, and ours), for
 * the answers that no hook sees.
 */
export function securityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    'content-security-policy': API_CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISSIONS_POLICY,
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.hsts ? { 'strict-transport-security': `max-age=${HSTS.maxAge}; includeSubDomains` } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Gives an HTML reply a nonce and the page policy that admits it. */
export function allowPageAssets(
  reply: FastifyReply,
  upgradeInsecure: boolean,
  scriptOrigins: readonly string[] = [],
): string {
  const nonce = randomBytes(18).toString('base64');
  reply.header('content-security-policy', pageCsp(nonce, upgradeInsecure, scriptOrigins));
  return nonce;
}

export const securityPlugin = fp(
  async (app: FastifyInstance, options: { hsts: boolean }) => {
    await app.register(helmet, {
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      hsts: options.hsts ? HSTS : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      return payload;
    });
  },
  { name: 'security' },
);
