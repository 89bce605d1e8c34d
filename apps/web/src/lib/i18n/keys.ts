import type { AllResources } from '@portal/shared';

/** Every namespace, those loaded on demand included. */
type Resources = AllResources;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translation key as `namespace:path.to.key`, checked against the English resources. */
export type I18nKey = {
  [N in keyof Resources & string]: `${N}:${Leaves<Resources[N]>}`;
}[keyof Resources & string];
