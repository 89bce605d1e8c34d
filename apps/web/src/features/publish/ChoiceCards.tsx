import {
  dictLabel,
  findCooperationSubType,
  findEntry,
  PUBLISH_CATEGORIES,
  type PublishCategory,
  type PublishCategoryCode,
  type PublishChoice,
} from '@portal/shared/dictionaries';
import { Tag } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FundsInIcon,
  FundsOutIcon,
  InnovationIcon,
  MarketIcon,
  ProjectIcon,
  SettlementIcon,
  TradeIcon,
} from '../../components/area-icons.tsx';
import { classNames } from '../../components/class-names.ts';
import type { IconProps } from '../../components/icons.tsx';
import { useLocale } from '../../lib/i18n/useLocale.ts';

const CATEGORY_ICONS: Record<PublishCategoryCode, ComponentType<IconProps>> = {
  FUNDS_IN: FundsInIcon,
  FUNDS_OUT: FundsOutIcon,
  TRADE_FINANCE: TradeIcon,
  PAYMENT_SETTLEMENT: SettlementIcon,
  FINANCIAL_MARKET: MarketIcon,
  PROJECT: ProjectIcon,
  THIRD_PARTY_INNOVATION: InnovationIcon,
};

/** Step 1: the seven categories as large cards (icon, name, what it covers). */
export function CategoryCards({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (category: PublishCategory) => void;
}) {
  const { t } = useTranslation('publish');
  const { locale } = useLocale();
  return (
    <div className="publish-step">
      <h2 className="publish-step__title" tabIndex={-1}>
        {t('category.heading')}
      </h2>
      <ul className="publish-cards">
        {PUBLISH_CATEGORIES.map((category) => {
          const Icon = CATEGORY_ICONS[category.code];
          const direction = category.direction ? findEntry('directions', category.direction) : undefined;
          return (
            <li key={category.code}>
              <button
                type="button"
                className={classNames('publish-card', selected === category.code && 'is-selected')}
                aria-pressed={selected === category.code}
                onClick={() => onSelect(category)}
              >
                <span className="publish-card__icon" aria-hidden="true">
                  <Icon size={28} />
                </span>
                <span className="publish-card__body">
                  <span className="publish-card__name">{dictLabel(category, locale)}</span>
                  <span className="publish-card__text">{t(`category.descriptions.${category.code}`)}</span>
                  {direction ? (
                    <span className="publish-card__meta">
                      {t('category.fixedDirection', { direction: dictLabel(direction, locale) })}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Step 2: the category's financing, requirement or project types. */
export function ChoiceCards({
  category,
  selected,
  onSelect,
}: {
  category: PublishCategory;
  selected: string | null;
  onSelect: (choice: PublishChoice) => void;
}) {
  const { t } = useTranslation('publish');
  const { locale } = useLocale();
  return (
    <div className="publish-step">
      <h2 className="publish-step__title" tabIndex={-1}>
        {t('choice.heading', { category: dictLabel(category, locale) })}
      </h2>
      <ul className="publish-choices">
        {category.children.map((choice) => {
          const sub = findCooperationSubType(choice.subTypeCode);
          return (
            <li key={choice.code}>
              <button
                type="button"
                className={classNames('publish-choice', selected === choice.code && 'is-selected')}
                aria-pressed={selected === choice.code}
                onClick={() => onSelect(choice)}
              >
                <span className="publish-choice__name">{dictLabel(choice, locale)}</span>
                <span className="publish-choice__tags">
                  {sub?.requiresMasterAgreement ? <Tag color="gold">{t('choice.masterAgreement')}</Tag> : null}
                  {sub?.riskPreference ? <Tag color="blue">{t('choice.riskPreference')}</Tag> : null}
                  {sub?.hasLetterOfCredit ? <Tag>{t('choice.letterOfCredit')}</Tag> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
