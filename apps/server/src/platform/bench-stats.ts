/**
 * `GET /__bench/stats` (BENCH_STATS=true, never in production): what this process has spent so
 * far, for `npm run bench`, which reads it before and after each phase and divides the
 * differences by the requests the phase answered: server CPU milliseconds and statements per
 * request. Outside /api: no session, no envelope, not in the API description.
 */
import type { FastifyPluginAsync } from 'fastify';
import { statementsSentSoFar } from '../db/database.ts';

export const benchStatsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/__bench/stats', { schema: { hide: true } }, async () => {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    return {
      cpuUserMs: cpu.user / 1000,
      cpuSystemMs: cpu.system / 1000,
      statements: statementsSentSoFar(),
      rssMb: memory.rss / 2 ** 20,
      heapUsedMb: memory.heapUsed / 2 ** 20,
    };
  });
};
