/**
 * The uncommon-Chinese-character input helper's token (SPEC §1, §4, §7): the server calls the
 * configured external service — POST {UNCOMMON_CHAR_URL}/token with {channel, txcode} — and hands
 * the browser {tid, token} plus the scripts to load. Not configured: null (the helper is off; an
 * answer, not an error, so a Chinese page logs nothing in the browser console). Any failure of the service (unreachable, slow, not 2xx, not {tid, token}):
 * PRT_SERVICE_UNAVAILABLE, logged; the browser then loads nothing (a silent no-op for the reader).
 */
import type { TUncommonCharToken } from '@portal/shared/schemas/content';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

const ZServiceAnswer = z.object({ tid: z.string().min(1).max(200), token: z.string().min(1).max(2000) });

export async function fetchUncommonCharToken(
  config: Config,
  log: FastifyBaseLogger,
): Promise<TUncommonCharToken | null> {
  const service = config.content.uncommonChar;
  if (!service) return null;
  try {
    const response = await fetch(`${service.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ channel: service.channel, txcode: service.txcode }),
      signal: AbortSignal.timeout(service.timeoutMs),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const answer = ZServiceAnswer.parse(await response.json());
    return { tid: answer.tid, token: answer.token, scripts: service.scripts };
  } catch (error) {
    log.warn({ err: error }, 'uncommon-character token call failed');
    throw new AppError('PRT_SERVICE_UNAVAILABLE');
  }
}
