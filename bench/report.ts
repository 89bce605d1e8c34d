/** One measured figure, printed with its target when it has one (lower is better). */
export type Figure = { name: string; value: number; unit: string; target?: number };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function printSection(title: string, figures: Figure[]): boolean {
  console.info(`\n${title}`);
  let allMet = true;
  for (const f of figures) {
    const value = f.value >= 100 || Number.isInteger(f.value) ? f.value.toFixed(0) : f.value.toFixed(1);
    const met =
      f.target === undefined
        ? ''
        : f.value < f.target
          ? `  (target < ${f.target} ${f.unit}: met)`
          : `  (target < ${f.target} ${f.unit}: MISSED)`;
    if (f.target !== undefined && f.value >= f.target) allMet = false;
    console.info(`  ${f.name.padEnd(58)} ${value.padStart(8)} ${f.unit}${met}`);
  }
  return allMet;
}
