/** The `page` query parameter as a page number from 1 to `last` (1 when missing or wrong). */
export function pageFromParams(params: URLSearchParams, last = Number.POSITIVE_INFINITY): number {
  const value = Number(params.get('page'));
  if (!Number.isInteger(value) || value < 1) return 1;
  return Math.min(value, Math.max(1, last));
}

/** A copy of the parameters with `changes` applied; empty values and page 1 are left out. */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | null | undefined>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '' || (key === 'page' && Number(value) <= 1))
      next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
