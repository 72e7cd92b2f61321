import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { useExportList } from './features/export/export-store';
import { DEFAULT_SETTINGS, useSettings } from './features/settings/settings-store';
import { SIGNED_OUT, useSession } from './shell/session-store';

/**
 * Undoes what a test of the app (renderApp) or of one of its screens leaves behind: the rendered
 * tree, stubbed globals (a fake server's fetch), the export list, settings, session, and local and
 * session storage. Apart from test-app.tsx, so that a screen's test does not load the whole app with it.
 * Storage is cleared last: the export list and settings write to it when they are reset.
 */
export function resetApp(): void {
  cleanup();
  vi.unstubAllGlobals();
  useExportList.getState().clear();
  useSettings.setState(DEFAULT_SETTINGS);
  useSession.setState(SIGNED_OUT);
  localStorage.clear();
  sessionStorage.clear();
}
