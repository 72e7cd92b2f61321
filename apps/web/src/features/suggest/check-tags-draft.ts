import { safeSessionStorage } from '../../shell/safe-storage';

/** The text "Check my tags" checks, kept for the tab across a reload until its tags are added. */
const DRAFT_KEY = 'checkTagsDraft';

export const checkTagsDraft = {
  read: (): string => safeSessionStorage.getItem(DRAFT_KEY) ?? '',
  save: (text: string): void => safeSessionStorage.setItem(DRAFT_KEY, text),
  /** Its tags were added, or the visitor signed out (the next person on the device must not read it). */
  forget: (): void => safeSessionStorage.removeItem(DRAFT_KEY),
};
