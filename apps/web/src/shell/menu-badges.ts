import { create } from 'zustand';

/** Counts shown beside menu entries (new prospects, collections...), keyed by menu entry key. */
export const useMenuBadges = create<Record<string, number>>(() => ({}));

/** Features call this to show (or with 0, hide) a count beside their menu entry. */
export function setMenuBadge(entryKey: string, count: number): void {
  useMenuBadges.setState({ [entryKey]: count });
}
