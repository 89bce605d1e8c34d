/**
 * The bench database kept by an earlier run (`BENCH_KEEP_DB=true npm run bench`), on
 * BENCH_DATABASE_URL's server under BENCH_DB_NAME (default portal_bench), for the tools that
 * measure one phase again on it (ab.ts, profile-phase.ts): its URL, 32 signed-in partner users'
 * session cookies (sessions written straight into the table) and up to 2,000 effective requests.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The key-encryption key every bench server on PostgreSQL starts with (SIGNING_KEK; bench data
 * only): the kept database's signing keys are sealed under it, so that a later server on it (a
 * new data directory each time) can open them. Without it, profile-phase.ts and ab.ts refused to
 * start on a kept database ("sealed under key-encryption key …").
 */
export const BENCH_SIGNING_KEK = Buffer.alloc(32, 7).toString('base64');

export async function openKeptDatabase(): Promise<{ databaseUrl: string; cookies: string[]; lgcSns: string[] }> {
  const admin = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres');
  admin.pathname = `/${process.env.BENCH_DB_NAME ?? 'portal_bench'}`;
  const databaseUrl = admin.toString();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const cookies: string[] = [];
    const users = await client.query<{ id: number }>(
      `select id from app_user where role_codes = '{10}' order by id limit 32 offset 500`,
    );
    for (const { id } of users.rows) {
      const token = randomBytes(32).toString('base64url');
      await client.query(
        `insert into user_session (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`,
        [createHash('sha256').update(token).digest('hex'), id],
      );
      cookies.push(`portal_sid=${token}`);
    }
    const lgcSns = (
      await client.query<{ lgc_sn: string }>(
        `select lgc_sn from cooperation_request where status = 'effective' order by md5(lgc_sn) limit 2000`,
      )
    ).rows.map((r) => r.lgc_sn);
    return { databaseUrl, cookies, lgcSns };
  } finally {
    await client.end();
  }
}
