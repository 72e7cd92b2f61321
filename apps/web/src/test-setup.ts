import { configure } from '@testing-library/react';
import { i18n } from './i18n/i18n';

// findBy* and waitFor wait 1 s by default: a busy machine renders a screen in more (vite.config.ts).
configure({ asyncUtilTimeout: 10_000 });

// Portuguese is fetched on demand in the app (i18n.ts); tests switch to it without waiting.
await i18n.loadLanguages('pt');
