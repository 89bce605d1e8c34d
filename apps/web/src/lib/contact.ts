/** A service line as written (`0086-95533`) to a dialable link (`tel:+8695533`). */
export function toTelHref(line: string): string {
  const digits = line.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('00') ? `+${digits.slice(2)}` : digits}`;
}
