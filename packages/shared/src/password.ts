/**
 * Password policy, shared by the forms and the server (SPEC §5).
 * - Composition (the form's rule): 8 to 12 characters, at least one digit, one upper-case and one
 *   lower-case letter and one of `!@#$%^&*?`, and nothing else.
 * - The server's rule on top: no "consecutive characters", defined here as three or more
 *   characters in a row that are the same (`aaa`, `111`) or that step up or down by one
 *   (`abc`, `CBA`, `123`, `987`), letters compared case-insensitively.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 12;
export const PASSWORD_SPECIALS = '!@#$%^&*?';

export type PasswordRule = 'length' | 'digit' | 'upper' | 'lower' | 'special' | 'charset' | 'consecutive';

/** Returns the rules the password breaks, in the order a person would fix them; empty when fine. */
export function passwordProblems(password: string): PasswordRule[] {
  const problems: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.push('length');
  if (!/\d/.test(password)) problems.push('digit');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (![...password].some((ch) => PASSWORD_SPECIALS.includes(ch))) problems.push('special');
  if (![...password].every((ch) => /[A-Za-z0-9]/.test(ch) || PASSWORD_SPECIALS.includes(ch))) problems.push('charset');
  if (hasConsecutiveRun(password)) problems.push('consecutive');
  return problems;
}

/** Three characters in a row, equal or stepping by one (see the module comment). */
export function hasConsecutiveRun(password: string, run = 3): boolean {
  const codes = [...password.toLowerCase()].map((ch) => ch.codePointAt(0)!);
  for (let i = 0; i + run <= codes.length; i++) {
    const window = codes.slice(i, i + run);
    const steps = window.slice(1).map((code, j) => code - window[j]!);
    const sameStep = steps.every((step) => step === steps[0]);
    const alnum = [...password.slice(i, i + run)].every((ch) => /[A-Za-z0-9]/.test(ch)) || steps[0] === 0;
    if (sameStep && alnum && (steps[0] === 0 || steps[0] === 1 || steps[0] === -1)) return true;
  }
  return false;
}
