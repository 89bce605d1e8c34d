import type { AllResources } from '@portal/shared';
import 'i18next';

// Keys are checked against the English texts of every namespace, core and on-demand (the
// Chinese files carry the same keys).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: AllResources;
    returnNull: false;
  }
}
