import type { WalkthroughTrigger } from '@tagscout/core/walkthrough';
import { SearchKind } from '../search/search-api';

/** What the guide looks at to decide which step is due. */
export interface TriggerInputs {
  pathname: string;
  kind: SearchKind;
  exportCount: number;
  /** data-tour targets on screen now. */
  isOnScreen: (target: string) => boolean;
  /** Things that happened on this page (a copy, a save, a collection opened from the list). */
  happened: ReadonlySet<'copied' | 'saved' | 'collectionOpened'>;
}

/** Whether the guide has anything to say on this page: elsewhere (Your posts, Settings) its step waits. */
export function isGuidePage(pathname: string): boolean {
  return isSearchPage(pathname) || ['/try', '/collections', '/upgrade'].includes(pathname);
}

/** The search screen, a collection open in it or not. */
function isSearchPage(pathname: string): boolean {
  return pathname === '/tags' || pathname.startsWith('/tags/');
}

/** The triggers that hold now (the reducer opens the first due step not yet shown). */
export function currentTriggers(input: TriggerInputs): WalkthroughTrigger[] {
  const { pathname, kind, exportCount, isOnScreen, happened } = input;
  const triggers: WalkthroughTrigger[] = [];
  const isSearch = isSearchPage(pathname);
  const isPlaces = kind === SearchKind.places;
  if (isSearch) {
    if (pathname === '/tags' && !isPlaces && isOnScreen('search-input')) triggers.push('tagsOpened');
    if (isPlaces && isOnScreen('search-input')) triggers.push('placesOpened');
    if (isOnScreen('result')) triggers.push(isPlaces ? 'placeResultsShown' : 'resultsShown');
    if (isOnScreen('related')) triggers.push('relatedShown');
    if (exportCount >= 1 && isOnScreen('export-list')) triggers.push('tagAdded');
    if (exportCount >= 3 && isOnScreen('export-filters')) triggers.push('threeTagsAdded');
    if (happened.has('copied') && isOnScreen('copy')) triggers.push('copied');
    if (happened.has('saved') && isOnScreen('topic-title')) triggers.push('saved');
    if (happened.has('collectionOpened') && isOnScreen('topic-title')) triggers.push('collectionOpened');
  }
  if (pathname === '/collections' && isOnScreen('collections-table')) triggers.push('collectionsOpened');
  if (pathname === '/upgrade') triggers.push('upgradeOpened');
  return triggers;
}

/** The first element with this data-tour value that is laid out (phones hide some of them). */
export function findTarget(target: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`)) {
    if (element.getClientRects().length > 0) return element;
  }
  return null;
}

/** A dialog or the menu is open (MUI's modals): the guide waits, and leaves Escape to it. */
export function isModalOpen(): boolean {
  return document.querySelector('.MuiModal-root') !== null;
}
