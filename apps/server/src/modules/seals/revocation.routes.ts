/**
 * Revocation, published (issue 25 item 3): the authority's CRL and its OCSP responder, without a
 * log-in, at the addresses every new seal certificate names (docs/operations.md, Revocation).
 * Beside the trust anchor's routes. Neither writes to the database.
 *
 * OCSP requests are bytes from anyone: the body is bounded (10 KB) before it is read, and
 * whatever cannot be read, too large, or of another type is answered with the OCSP status
 * malformedRequest and HTTP 400 (413 and 415 where HTTP has a closer word), never a 500.
 */
import { REVOCATION_PATHS } from '@portal/shared/schemas/seals';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { statusOf } from '../../platform/errors.ts';
import type {} from '../../platform/openapi.ts';
import type { RouteApp } from '../../platform/respond.ts';
import { ocspErrorResponse } from '../../platform/signing/revocation.ts';
import { contentDisposition } from '../files/index.ts';
import { answerOcspRequest, currentCrl } from './revocation.ts';

/** An OCSP request for a few certificates is a few hundred bytes. */
export const OCSP_REQUEST_LIMIT = 10 * 1024;
const OCSP_REQUEST = 'application/ocsp-request';
const OCSP_RESPONSE = 'application/ocsp-response';
/** Base64 of the largest request, URL-encoded at worst (each of '+', '/', '=' as three characters). */
const OCSP_GET_LIMIT = Math.ceil(OCSP_REQUEST_LIMIT / 3) * 4 * 3;

const binary = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

function sendOcsp(reply: FastifyReply, der: Uint8Array, status = 200) {
  return (
    reply
      .status(status)
      .header('content-type', OCSP_RESPONSE)
      // An answer is fresh for the moment it is made: a cancellation must be seen at once.
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(der))
  );
}

const malformed = (reply: FastifyReply, status = 400) => sendOcsp(reply, ocspErrorResponse('malformedRequest'), status);

/** The request's bytes from the GET form: URL-encoded base64 (RFC 6960 appendix A.1), or null. */
function fromGetPath(encoded: string): Uint8Array | null {
  if (encoded.length === 0 || encoded.length > OCSP_GET_LIMIT) return null;
  let text: string;
  try {
    text = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  // Some clients send base64url; both alphabets are accepted.
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length > 0 && bytes.length <= OCSP_REQUEST_LIMIT ? new Uint8Array(bytes) : null;
}

type RevocationDeps = { db: Db; config: Config };
const open = { access: 'public' as const };
const tags = ['seals'];

export const revocationRoutes: FastifyPluginAsyncZod<RevocationDeps> = async (app, deps) => {
  // Only inside this plugin: the OCSP request's raw bytes, at most OCSP_REQUEST_LIMIT.
  app.addContentTypeParser(OCSP_REQUEST, { parseAs: 'buffer', bodyLimit: OCSP_REQUEST_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  // Errors before the handler (too large, another content type, a body that does not arrive
  // whole) are the client's: malformedRequest. Anything else is the server's fault.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = statusOf(error);
    if (status >= 400 && status < 500) return malformed(reply, status === 413 || status === 415 ? status : 400);
    request.log.error({ err: error }, 'OCSP responder failed');
    return sendOcsp(reply, ocspErrorResponse('internalError'), 500);
  });

  registerCrlRoutes(app, deps);
  registerOcspRoutes(app, deps);
};

/** The certificate revocation list. */
function registerCrlRoutes(app: RouteApp, deps: RevocationDeps) {
  app.get(
    REVOCATION_PATHS.crl,
    {
      config: open,
      schema: {
        operationId: 'getRevocationList',
        tags,
        summary:
          "The authority's certificate revocation list (RFC 5280, DER): every revoked seal certificate, with its time and reason",
        response: { 200: binary('The CRL, DER', 'application/pkix-crl') },
      },
    },
    async (_request, reply) => {
      const crl = await currentCrl(deps);
      const der = Buffer.from(crl.der);
      return (
        reply
          .header('content-type', 'application/pkix-crl')
          .header('content-length', String(der.length))
          .header('content-disposition', contentDisposition('attachment', 'portal-seal-authority.crl'))
          .header('x-content-type-options', 'nosniff')
          .header('last-modified', crl.thisUpdate.toUTCString())
          // Minutes, not the CRL's week: a new cancellation is published at once.
          .header('cache-control', 'public, max-age=300')
          .send(der)
      );
    },
  );
}

/** The OCSP responder: the POST form, then the GET form. */
function registerOcspRoutes(app: RouteApp, deps: RevocationDeps) {
  app.post(
    REVOCATION_PATHS.ocsp,
    {
      config: open,
      schema: {
        operationId: 'postOcspRequest',
        tags,
        summary:
          'OCSP responder (RFC 6960): send a DER OCSPRequest as application/ocsp-request (at most 10 KB); answers good, revoked or unknown, signed by the authority',
        response: {
          200: binary('The OCSPResponse, DER', OCSP_RESPONSE),
          400: binary('OCSPResponse malformedRequest: the request could not be read', OCSP_RESPONSE),
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return malformed(reply, 415);
      const { der, malformed: bad } = await answerOcspRequest(deps, new Uint8Array(request.body));
      return sendOcsp(reply, der, bad ? 400 : 200);
    },
  );

  app.get(
    `${REVOCATION_PATHS.ocsp}/*`,
    {
      config: open,
      schema: {
        operationId: 'getOcspRequest',
        tags,
        summary:
          'OCSP responder, GET form (RFC 6960 appendix A.1): the URL-encoded base64 of a DER OCSPRequest after /api/pki/ocsp/',
        response: {
          200: binary('The OCSPResponse, DER', OCSP_RESPONSE),
          400: binary('OCSPResponse malformedRequest: the request could not be read', OCSP_RESPONSE),
        },
      },
    },
    async (request, reply) => {
      const bytes = fromGetPath((request.params as { '*': string })['*']);
      if (!bytes) return malformed(reply);
      const { der, malformed: bad } = await answerOcspRequest(deps, bytes);
      return sendOcsp(reply, der, bad ? 400 : 200);
    },
  );
}
