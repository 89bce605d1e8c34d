/**
 * "A `select` over every key column of a database finds no parseable private key" (issue 25,
 * Done when): every value of every bytea, text and JSON column of every table, tried as a
 * private key the way an attacker holding a dump would, with node:crypto: DER PKCS#8, PKCS#1
 * (RSA) and SEC1 (EC), raw or base64 in a text column, and PEM anywhere.
 */
import { createPrivateKey } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

const DER_FORMATS = [
  { type: 'pkcs8', format: 'der' },
  { type: 'pkcs1', format: 'der' },
  { type: 'sec1', format: 'der' },
] as const;

/** Whether `bytes` is a private key in any of the DER forms node:crypto reads. */
export function parsesAsPrivateKeyDer(bytes: Uint8Array): boolean {
  // Every DER private key is a SEQUENCE: skip the rest without asking OpenSSL.
  if (bytes.length < 32 || bytes[0] !== 0x30) return false;
  return DER_FORMATS.some(({ type, format }) => {
    try {
      createPrivateKey({ key: Buffer.from(bytes), format, type });
      return true;
    } catch {
      return false;
    }
  });
}

const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/g;
const BASE64_RUN = /[A-Za-z0-9+/]{40,}={0,2}/g;

/** Whether a text holds a private key: a PEM block, or a base64 run that decodes to a DER key. */
export function textHoldsPrivateKey(text: string): boolean {
  for (const [pem] of text.matchAll(PEM_BLOCK)) {
    try {
      createPrivateKey(pem);
      return true;
    } catch {
      // Not a key after all (or an encrypted one, which opens with nothing a dump holds).
    }
  }
  for (const [run] of text.matchAll(BASE64_RUN)) {
    if (parsesAsPrivateKeyDer(Buffer.from(run, 'base64'))) return true;
  }
  return false;
}

/** `table.column` of every value in the database that parses as a private key (empty: none). */
export async function privateKeysIn(db: Db): Promise<string[]> {
  const { rows: columns } = await sql<{ table: string; column: string; type: string }>`
    select c.table_name as "table", c.column_name as "column", c.data_type as "type"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and c.data_type in ('bytea', 'text', 'character varying', 'character', 'json', 'jsonb')
     order by 1, 2`.execute(db);
  const found: string[] = [];
  for (const { table, column, type } of columns) {
    const value = type === 'bytea' ? sql.ref(column) : sql`${sql.ref(column)}::text`;
    const { rows } = await sql<{ v: Buffer | string }>`
      select ${value} as v from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(db);
    for (const { v } of rows) {
      const holds =
        typeof v === 'string'
          ? textHoldsPrivateKey(v)
          : parsesAsPrivateKeyDer(v) || textHoldsPrivateKey(Buffer.from(v).toString('latin1'));
      if (holds) found.push(`${table}.${column}`);
    }
  }
  return found;
}
