/**
 * The published trust anchor (issue "Signatures another bank can rely on"): the portal's
 * certificate authority, to which every seal's certificate chains, downloadable without a log-in
 * as PEM and DER at stable addresses, with its SHA-256 fingerprint for whoever adds it to
 * Acrobat's or NSS's trust store (docs/operations.md, Seal certificate authority). Reads only.
 */
import { ZEnvelope } from '@portal/shared';
import { TRUST_ANCHOR_PATHS, ZTrustAnchor } from '@portal/shared/schemas/seals';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type {} from '../../platform/openapi.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { fingerprintOf, nameText, parseCertificate, serialHexOf, toPem } from '../../platform/signing/pki.ts';
import { contentDisposition } from '../files/index.ts';
import { signingAuthority } from './authority.ts';

/** The certificate changes only when the operator configures another authority and restarts. */
const CACHE = 'public, max-age=3600';
const FILE_NAME = 'portal-seal-authority';

const certificateFile = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

/** The DER file is named .cer: the name Windows and Acrobat's import dialog take for a DER certificate. */
function sendCertificate(reply: FastifyReply, data: Buffer, type: string, extension: 'pem' | 'cer') {
  return reply
    .header('content-type', type)
    .header('content-length', String(data.length))
    .header('content-disposition', contentDisposition('attachment', `${FILE_NAME}.${extension}`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', CACHE)
    .send(data);
}

/** The authority's certificate (DER), read when asked. */
type CertificateSource = () => Promise<Uint8Array>;
const open = { access: 'public' as const };
const tags = ['seals'];

export const trustAnchorRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, deps) => {
  // The authority is made (or loaded) at start (start.ts); these only read it.
  const certificate = async () => (await signingAuthority(deps.db, deps.config)).certificateDer;
  registerTrustAnchorInfoRoutes(app, certificate);
  registerCertificateFileRoutes(app, certificate);
};

/** The authority's name, fingerprint, validity and download addresses. */
function registerTrustAnchorInfoRoutes(app: RouteApp, certificate: CertificateSource) {
  app.get(
    TRUST_ANCHOR_PATHS.info,
    {
      config: open,
      schema: {
        operationId: 'getTrustAnchor',
        tags,
        summary: "The portal's certificate authority: its name, SHA-256 fingerprint, validity and download addresses",
        response: { 200: ZEnvelope(ZTrustAnchor) },
      },
    },
    async (request, reply) => {
      const der = await certificate();
      const parsed = parseCertificate(der);
      reply.header('cache-control', CACHE);
      return ok(request, {
        subject: nameText(parsed.subject),
        sha256: fingerprintOf(der),
        serial: serialHexOf(parsed),
        notBefore: parsed.notBefore.value.toISOString(),
        notAfter: parsed.notAfter.value.toISOString(),
        pemUrl: TRUST_ANCHOR_PATHS.pem,
        derUrl: TRUST_ANCHOR_PATHS.der,
      });
    },
  );
}

/** The authority's certificate as a file: PEM, then DER. */
function registerCertificateFileRoutes(app: RouteApp, certificate: CertificateSource) {
  app.get(
    TRUST_ANCHOR_PATHS.pem,
    {
      config: open,
      schema: {
        operationId: 'getTrustAnchorPem',
        tags,
        summary: "The portal's certificate authority as PEM (to import into a trust store)",
        response: { 200: certificateFile('The certificate, PEM', 'application/x-pem-file') },
      },
    },
    async (_request, reply) =>
      sendCertificate(
        reply,
        Buffer.from(toPem(await certificate(), 'CERTIFICATE'), 'ascii'),
        'application/x-pem-file',
        'pem',
      ),
  );
  app.get(
    TRUST_ANCHOR_PATHS.der,
    {
      config: open,
      schema: {
        operationId: 'getTrustAnchorDer',
        tags,
        summary: "The portal's certificate authority as DER (RFC 2585 application/pkix-cert)",
        response: { 200: certificateFile('The certificate, DER', 'application/pkix-cert') },
      },
    },
    async (_request, reply) => sendCertificate(reply, Buffer.from(await certificate()), 'application/pkix-cert', 'cer'),
  );
}
