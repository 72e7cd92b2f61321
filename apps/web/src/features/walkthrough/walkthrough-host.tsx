import type { WalkthroughRoute, WalkthroughTrigger } from '@tagscout/core/walkthrough';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { safeLocalStorage } from '../../shell/safe-storage';
import { useCapabilities, useSession } from '../../shell/session-store';
import { useShellOverlays } from '../../shell/shell-overlays';
import { onCountedClick } from '../appdata/track';
import { useExportList } from '../export/export-store';
import { SearchKind } from '../search/search-api';
import { useSearch } from '../search/search-store';
import { GUIDED_VISIT } from './guided-visit';
import { WalkthroughPopover } from './walkthrough-popover';
import { dispatchWalkthrough, useWalkthrough } from './walkthrough-store';
import { currentTriggers, findTarget, isGuidePage, isModalOpen } from './walkthrough-triggers';

/** How often the guide looks at the screen for a step that became due. */
const CHECK_MS = 400;

/**
 * Local storage key for a shorter look (ms) than CHECK_MS: the browser tests set it, so they do not
 * wait out a look at each of the guide's 30 steps. Users never have it.
 */
export const WALKTHROUGH_CHECK_MS_KEY = 'walkthroughCheckMs';

/**
 * The guide (docs/product-rules.md#walkthrough): watches what the user does and sees, opens the step that is due
 * (the rules are packages/core/walkthrough), follows a step's navigation, and shows the popover.
 */
export function WalkthroughHost() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const caps = useCapabilities();
  const isLoaded = useSession((s) => s.isLoaded);
  const current = useWalkthrough((s) => s.current);
  const navigateTo = useWalkthrough((s) => s.navigateTo);
  const isOn = useWalkthrough((s) => s.isOn);
  const isTutorialOpen = useShellOverlays((s) => s.isTutorialOpen);
  const happened = useRef(new Set<'copied' | 'saved' | 'collectionOpened'>());
  const previousPath = useRef(pathname);
  // What held at the guide's last look on one of its pages: only what became true since is news, so
  // results still on screen from before move it past no step. Kept across pages (what a page brings,
  // a collection opened or the plans page, is news there) and forgotten when the guide starts looking
  // afresh: turned on or restarted, a session, the tutorial closed. Its first look after that sees nothing new.
  const held = useRef<ReadonlySet<WalkthroughTrigger> | null>(null);
  const isRestarted = useWalkthrough((s) => s.shown.length === 0);
  const viewer = { showWalkthrough: caps.showWalkthrough, canTurnGuideOff: caps.canTurnGuideOff };

  useEffect(
    () =>
      onCountedClick((kind) => {
        if (kind === 'copyClick') happened.current.add('copied');
        if (kind === 'saveClick') happened.current.add('saved');
      }),
    [],
  );

  useEffect(() => {
    if (previousPath.current === '/collections' && /^\/tags\/./.test(pathname)) {
      happened.current.add('collectionOpened');
    }
    previousPath.current = pathname;
  }, [pathname]);

  // e2e waits for this to prove that the guide, turned off, opens nothing.
  useEffect(() => {
    document.body.toggleAttribute('data-guide-off', isLoaded && !isOn);
  }, [isLoaded, isOn]);

  useEffect(() => {
    if (!caps.showWalkthrough && current) dispatchWalkthrough({ type: 'hide' });
  }, [caps.showWalkthrough, current]);

  useEffect(() => {
    if (navigateTo === null) return;
    dispatchWalkthrough({ type: 'navigated' });
    goTo(navigateTo, navigate);
  }, [navigateTo, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each of these starts the looking afresh.
  useEffect(() => {
    held.current = null;
  }, [isLoaded, isOn, caps.showWalkthrough, isTutorialOpen]);
  useEffect(() => {
    if (isRestarted) held.current = null;
  }, [isRestarted]);

  useEffect(() => {
    // Nothing to look for while the guide is off (a restart turns it on again).
    if (!isLoaded || !isOn || !caps.showWalkthrough || isTutorialOpen) return;
    const check = () => {
      // A dialog or the menu is open, or a page the guide has nothing to say about: it waits.
      if (isModalOpen() || !isGuidePage(pathname)) return;
      const triggers = currentTriggers({
        pathname,
        kind: useSearch.getState().kind,
        exportCount: useExportList.getState().tags.length,
        isOnScreen: (target) => findTarget(target) !== null,
        happened: happened.current,
      });
      const before = held.current;
      const fresh = before ? triggers.filter((trigger) => !before.has(trigger)) : [];
      held.current = new Set(triggers);
      if (triggers.length > 0) {
        dispatchWalkthrough({
          type: 'trigger',
          triggers,
          fresh,
          viewer: { showWalkthrough: caps.showWalkthrough, canTurnGuideOff: caps.canTurnGuideOff },
        });
      }
      // What the guide saw at its last look: e2e waits for it to prove that a step did not open.
      document.body.dataset.guideSaw = triggers.join(' ');
    };
    check();
    const timer = setInterval(check, checkInterval());
    return () => clearInterval(timer);
  }, [isLoaded, isOn, pathname, caps.showWalkthrough, caps.canTurnGuideOff, isTutorialOpen]);

  // One layer at a time: the tutorial (opened after signing in, or from Help) hides the step, which
  // comes back when it closes; so does a page the step is not about.
  if (!current || !caps.showWalkthrough || isTutorialOpen || !isGuidePage(pathname)) return null;
  return <WalkthroughPopover stepId={current} viewer={viewer} />;
}

function checkInterval(): number {
  const ms = Number(safeLocalStorage.getItem(WALKTHROUGH_CHECK_MS_KEY));
  return ms > 0 && ms < CHECK_MS ? ms : CHECK_MS;
}

function goTo(route: WalkthroughRoute, navigate: ReturnType<typeof useNavigate>): void {
  if (route === 'collections') return void navigate('/collections');
  // The guide's own visit: the plans page leaves its trial sign-up closed, so the plans step is seen.
  if (route === 'upgrade') return void navigate('/upgrade', { state: GUIDED_VISIT });
  useSearch.getState().setKind(SearchKind.places);
  navigate('/tags');
}
