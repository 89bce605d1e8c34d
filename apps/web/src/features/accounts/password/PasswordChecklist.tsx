import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS, type PasswordRule, passwordProblems } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { classNames } from '../../../components/class-names.ts';

const RULES: readonly PasswordRule[] = ['length', 'digit', 'upper', 'lower', 'special', 'charset', 'consecutive'];

/**
 * The password policy (SPEC §5, `passwordProblems` of the shared package) as a live checklist
 * under the password field: each rule ticks as soon as the typed password meets it.
 */
export function PasswordChecklist({ value, id }: { value: string | undefined; id?: string }) {
  const { t } = useTranslation('accounts');
  const password = value ?? '';
  const problems = new Set(passwordProblems(password));
  const specials = [...PASSWORD_SPECIALS].join(' ');
  return (
    <ul id={id} className="password-checklist" aria-label={t('password.policyTitle')}>
      {RULES.map((rule) => {
        const met = password.length > 0 && !problems.has(rule);
        return (
          <li
            key={rule}
            className={classNames('password-checklist__item', met && 'is-met', password && !met && 'is-unmet')}
          >
            <span className="password-checklist__mark" aria-hidden="true">
              {met ? '✓' : password ? '✕' : '•'}
            </span>
            <span>{t(`password.rules.${rule}`, { min: PASSWORD_MIN, max: PASSWORD_MAX, specials })}</span>
            <span className="visually-hidden"> {met ? t('password.ruleMet') : t('password.ruleNotMet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
