import 'i18next';
import type en from './en.json';

// Every t() key is checked against en.json (pt.json has the same keys: i18n/keys.test.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
