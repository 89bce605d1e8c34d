/**
 * The baselines of the marketplace benchmark: a bare Fastify app doing one indexed SELECT on the
 * same database (`/bare/:id`), or nothing at all (`/noop`: the floor this machine sets for any
 * endpoint, load generator included), with no session, validation, envelope or i18n. Run as its own process (like the
 * portal's server) by bench/marketplace.ts: `node --import tsx bench/bare-server.ts`, with
 * DATABASE_URL, PORT and DATABASE_POOL_SIZE in the environment.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
pool.on('error', () => {});
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/bare/:id', async (request) => {
  const { rows } = await pool.query(
    'select id, lgc_sn, name, status, published_at from cooperation_request where id = $1',
    [Number(request.params.id)],
  );
  return { code: '0', data: rows[0] ?? null };
});

app.get('/noop', async () => ({ code: '0', data: { num: 0 } }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
