/**
 * Reporters for every Vitest run: the default one, plus a JSON report when CI asks for it
 * (CI_REPORT_DIR), so .ci/run can print one total for all runs.
 */
export function reporters(name: string): Array<string | [string, Record<string, unknown>]> {
  const dir = process.env.CI_REPORT_DIR;
  if (!dir) return ['default'];
  return ['default', ['json', { outputFile: `${dir}/${process.env.CI_REPORT_NAME ?? name}.json` }]];
}
