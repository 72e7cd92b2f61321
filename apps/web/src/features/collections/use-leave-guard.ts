import { useContext, useEffect, useRef } from 'react';
import { type To, UNSAFE_NavigationContext } from 'react-router';

/**
 * Where leaving with unsaved changes does not ask (docs/product-rules.md#screens-and-routes): besides
 * /logout and /collections, the screens one goes to and comes back from, the guide and the related
 * tags' "Change" link among them. The list stays on the device there as across a reload (issue 32 §6).
 */
const UNGUARDED = ['/logout', '/collections', '/my-posts', '/settings', '/help', '/upgrade', '/specialoffer'];

/** Whether leaving the search screen for `pathname` should ask to save first. */
export function isGuardedDestination(pathname: string): boolean {
  if (pathname === '/tags' || pathname.startsWith('/tags/')) return false;
  return !UNGUARDED.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * While `isActive`, an in-app navigation away from the search screen (menu, title bar, any link)
 * is held and handed to `onHold` with a function that carries it out. Closing or reloading the page
 * does not ask: the list and its changes are kept in local storage and are there on return.
 *
 * The app uses a declarative <BrowserRouter>, where useBlocker is not available, so the guard wraps
 * the router's navigator (history) push and replace while it is active and restores them after.
 */
export function useLeaveGuard(isActive: boolean, onHold: (proceed: () => void) => void): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const onHoldRef = useRef(onHold);
  onHoldRef.current = onHold;

  useEffect(() => {
    if (!isActive) return;
    const { push, replace } = navigator;
    const guard =
      (navigate: typeof push): typeof push =>
      (to, ...rest) => {
        if (isGuardedDestination(pathnameOf(to))) {
          onHoldRef.current(() => navigate.call(navigator, to, ...rest));
          return;
        }
        navigate.call(navigator, to, ...rest);
      };
    navigator.push = guard(push);
    navigator.replace = guard(replace);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [isActive, navigator]);
}

function pathnameOf(to: To): string {
  if (typeof to === 'string') return new URL(to, window.location.href).pathname;
  return to.pathname ?? window.location.pathname;
}
