import { safeSessionStorage } from './safe-storage';
import type { SessionDialogFlags } from './session-store';

// Closed dialogs stay closed for the browser session (a reload does not bring them back).
const KEY = 'dismissedDialogs';

export function wasDismissed(dialog: keyof SessionDialogFlags): boolean {
  return read().includes(dialog);
}

export function rememberDismissed(dialog: keyof SessionDialogFlags): void {
  if (wasDismissed(dialog)) return;
  // Without session storage the dialog may come back after a reload; nothing else breaks.
  safeSessionStorage.setItem(KEY, JSON.stringify([...read(), dialog]));
}

function read(): string[] {
  try {
    const value: unknown = JSON.parse(safeSessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
