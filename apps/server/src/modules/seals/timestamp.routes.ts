/**
 * The portal's RFC 3161 timestamp authority, published without a log-in (docs/operations.md,
 * Trusted time): POST a DER TimeStampReq as application/timestamp-query, get the DER
 * TimeStampResp (RFC 3161 §3.4), so `openssl ts -query ... | curl --data-binary @- ...` works.
 * The signatures the portal makes take their tokens in-process (timestamping.ts), not from here.
 *
 * The body is bounded (10 KB) before it is read; a request that cannot be read, of another
 * algorithm or policy, or with extensions is answered with a rejection (HTTP 200, as RFC 3161
 * wants), a body too large or of another type with HTTP 413 or 415 and a rejection.
 */
import { TIMESTAMP_AUTHORITY_PATH } from '@portal/shared/schemas/seals';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { statusOf } from '../../platform/errors.ts';
import type {} from '../../platform/openapi.ts';
import { timestampReply } from '../../platform/signing/timestamp.ts';
import { answerTimestampRequest } from './timestamping.ts';

/** A TimeStampReq is under a hundred bytes with SHA-512; 10 KB leaves room and bounds the parse. */
export const TIMESTAMP_REQUEST_LIMIT = 10 * 1024;
const QUERY = 'application/timestamp-query';
const REPLY = 'application/timestamp-reply';

function sendReply(reply: FastifyReply, der: Uint8Array, status = 200) {
  return reply
    .status(status)
    .header('content-type', REPLY)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(der));
}

export const timestampRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, deps) => {
  app.addContentTypeParser(QUERY, { parseAs: 'buffer', bodyLimit: TIMESTAMP_REQUEST_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = statusOf(error);
    if (status >= 400 && status < 500) {
      return sendReply(
        reply,
        timestampReply({ failure: 'badRequest' }),
        status === 413 || status === 415 ? status : 400,
      );
    }
    request.log.error({ err: error }, 'timestamp authority failed');
    return reply.status(500).header('content-type', 'text/plain').send('timestamp authority failed');
  });

  app.post(
    TIMESTAMP_AUTHORITY_PATH,
    {
      config: { access: 'public' as const },
      schema: {
        operationId: 'postTimestampRequest',
        tags: ['seals'],
        summary:
          "The portal's RFC 3161 timestamp authority: send a DER TimeStampReq as application/timestamp-query (at most 10 KB); answers a TimeStampResp signed by the portal's time-stamping certificate",
        response: {
          200: {
            description: 'The TimeStampResp, DER: granted with a token, or a rejection with its failure',
            content: { [REPLY]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return sendReply(reply, timestampReply({ failure: 'badRequest' }), 415);
      return sendReply(reply, await answerTimestampRequest(deps, new Uint8Array(request.body)));
    },
  );
};
