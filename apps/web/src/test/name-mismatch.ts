import axe from 'axe-core';

/**
 * The elements under `root` whose accessible name does not contain their visible text (axe's
 * `label-content-name-mismatch`, serious; run alone, as jsdom has no layout for the rest), as
 * "name ≠ text" lines.
 */
export async function nameMismatches(root: Element): Promise<string[]> {
  const result = await axe.run(root, { runOnly: { type: 'rule', values: ['label-content-name-mismatch'] } });
  return result.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
}
