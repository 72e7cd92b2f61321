import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { i18nReady } from './i18n/i18n';

// A Portuguese visitor's texts are fetched first (i18n.ts); a failed fetch still shows the app, in English.
void i18nReady
  .catch(() => {})
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
