/**
 * The API's OpenAPI document without a running server: the whole app built on an in-memory,
 * migrated PGlite (no demo data, no jobs, no listening), asked for its description as
 * GET /api/docs/json answers it. Used by validate.ts (`npm run openapi:check`) and client.ts
 * (`npm run openapi:client`).
 *
 * `tsx scripts/openapi/document.ts [file]` writes the document as JSON (to stdout without a file).
 */
/// <reference path="../../apps/server/src/platform/signing/opentype-js.d.ts" />
// (The server's declaration of opentype.js, which has no types: apps/server's tsconfig includes it, this one not.)
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.ts';
import { parseConfig } from '../../apps/server/src/config.ts';
import { openPglite } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';

/** An OpenAPI 3 document, as plain JSON. */
export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

/**
 * The configuration the document is written with: a development server on the README's port
 * (so /api/dev/mailbox is in it, as on every server but a production one), quiet, without jobs.
 */
export const DOCUMENT_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test',
  PORT: '8080',
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  JOBS_ENABLED: 'false',
};

/** Builds the app on a throw-away database and returns its OpenAPI document. */
export async function buildDocument(env: Record<string, string> = {}): Promise<OpenApiDocument> {
  const database = await openPglite({});
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // The mailer starts when the app is ready and reads its outbox: the tables must exist.
    await migrateToLatest(database.db);
    app = await buildApp({ config: parseConfig({ ...DOCUMENT_ENV, ...env }), database });
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument;
  } finally {
    // Closing the app closes the database too.
    if (app) await app.close();
    else await database.close();
  }
}

/** Every operation of a document, with its path and method. */
export function operationsOf(
  document: OpenApiDocument,
): Array<{ path: string; method: string; operation: Record<string, unknown> }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const document = await buildDocument();
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const out = process.argv[2];
  if (out) {
    await writeFile(out, text);
    console.info(`openapi: ${operationsOf(document).length} operations written to ${out}`);
  } else {
    process.stdout.write(text);
  }
}
