import type { resources } from '@portal/shared';
import 'i18next';

// Keys are checked against the English resources (the Chinese file must carry the same keys).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en-US'];
    returnNull: false;
  }
}
