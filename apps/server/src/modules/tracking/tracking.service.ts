/**
 * Event tracking (SPEC §7 /eventTrack/add) and the back office's visit report.
 *
 * Hits are not stored one row each: a batch (≤ 50 events) is first summed in memory by page,
 * action and target, then added to the day's counters with ONE upsert
 * (`event_track_daily`, primary key day + page + action + target; PostgreSQL serialises concurrent
 * increments of a row, so counts are exact under load). Days are calendar days in China
 * (Asia/Shanghai), the bank's reporting day. Rate-limited per client address.
 */
import { type Locale, translate } from '@portal/shared';
import type { TTrackBatch, TVisitReport } from '@portal/shared/schemas/content';
import { CONTENT_LIMITS, VISIT_REPORT_TIME_ZONE, type ZTrackBatch } from '@portal/shared/schemas/content';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { assertExportSize, type CsvColumn } from '../../platform/csv.ts';
import { enforceRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import { addToDailyCounters, type EventSum, sumViewsAndClicks } from './tracking.repository.ts';

/** Requests per client address: a busy reader sends a batch every few seconds at most. */
export const TRACK_RATE_LIMIT: RateLimit = { limit: 300, windowSeconds: 600 };

export async function trackEvents(db: Db, batch: z.output<typeof ZTrackBatch>, ip: string): Promise<number> {
  await enforceRateLimit(db, { key: `track:ip:${ip}`, ...TRACK_RATE_LIMIT });
  const sums = new Map<string, EventSum>();
  for (const event of batch.events) {
    const target = event.action === 'view' ? '' : event.target;
    const key = JSON.stringify([event.page, event.action, target]);
    const current = sums.get(key);
    if (current) current.count += 1;
    else sums.set(key, { page: event.page, action: event.action, target, count: 1 });
  }
  await addToDailyCounters(db, [...sums.values()], VISIT_REPORT_TIME_ZONE);
  return batch.events.length;
}

export type TrackBatchInput = TTrackBatch;

/** Views and clicks per page and day for a date range (both ends included, at most 366 days). */
export async function visitReport(
  db: Db,
  query: { from: string; until: string; page?: string | undefined },
  locale: Locale,
): Promise<TVisitReport> {
  const from = new Date(`${query.from}T00:00:00Z`);
  const until = new Date(`${query.until}T00:00:00Z`);
  const span = Math.round((until.getTime() - from.getTime()) / 86_400_000) + 1;
  if (span < 1) throw fieldError(locale, 'until', 'dateOrder');
  if (span > CONTENT_LIMITS.visitReportDays) {
    throw fieldError(locale, 'until', 'maxDays', { max: CONTENT_LIMITS.visitReportDays });
  }
  const rows = await sumViewsAndClicks(db, query);
  const days = Array.from({ length: span }, (_, i) =>
    new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  const totals = new Map<string, { page: string; views: number; clicks: number }>();
  const list = rows.map((row) => {
    const views = Number(row.views);
    const clicks = Number(row.clicks);
    const total = totals.get(row.page) ?? { page: row.page, views: 0, clicks: 0 };
    total.views += views;
    total.clicks += clicks;
    totals.set(row.page, total);
    return { day: String(row.day), page: row.page, views, clicks };
  });
  const pages = [...totals.values()].sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));
  return { days, rows: list, pages };
}

type VisitRow = TVisitReport['rows'][number];

/**
 * The visit report's rows (page and day) for a spreadsheet, with the same range and page filter
 * as the report; the header in the reader's language, days in UTC.
 */
export async function exportVisits(
  db: Db,
  query: { from: string; until: string; page?: string | undefined },
  locale: Locale,
): Promise<{ columns: CsvColumn<VisitRow>[]; rows: VisitRow[] }> {
  const report = await visitReport(db, query, locale);
  assertExportSize(report.rows.length);
  const t = (key: string) => translate(locale, `backoffice.export.visits.${key}`);
  return {
    rows: report.rows,
    columns: [
      { header: t('day'), value: (r) => r.day },
      { header: t('page'), value: (r) => r.page },
      { header: t('views'), value: (r) => r.views },
      { header: t('clicks'), value: (r) => r.clicks },
    ],
  };
}
