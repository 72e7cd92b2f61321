import Box from '@mui/material/Box';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useSessionBootstrap } from '../features/account/session-sync';
import { useTrialSignup } from '../features/account/trial-signup-store';
import { useAccountSettingsSync } from '../features/settings/account-settings';
import { AppGate } from '../native/app-gate';
import { ConnectionBanner } from './connection-banner';
import { CookieNotice } from './cookie-notice';
import { lazyScreen } from './lazy-screen';
import { MenuDrawer } from './menu-drawer';
import { OutageBanner } from './outage-banner';
import { SessionLoading } from './route-guards';
import { SessionDialogs } from './session-dialogs';
import { ShellExtras } from './shell-extras';
import { TitleBar } from './title-bar';
import { useTrialExpiryTimer } from './use-trial-expiry-timer';

/** Title bar, menu, the current screen, and the account's dialogs and timers. */
export function AppFrame() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  useSessionBootstrap();
  useTrialExpiryTimer();
  useAccountSettingsSync();
  return (
    // The frame is exactly the window's height: the screen in <main> either fills what is left (search)
    // or scrolls inside it, so banners above it never push content off screen.
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TitleBar onOpenMenu={() => setIsMenuOpen(true)} />
      <OutageBanner />
      <ConnectionBanner />
      <CookieNotice />
      <MenuDrawer isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      <Box
        component="main"
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'auto' }}
      >
        <Suspense fallback={<SessionLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SessionDialogs />
      <TrialSignupHost />
      <ShellExtras />
      <AppGate />
    </Box>
  );
}

const TrialSignup = lazyScreen(() => import('../features/account/trial-signup').then((m) => m.TrialSignup));

/** Loads the trial sign-up the first time something opens it, and keeps it after (for its transitions). */
function TrialSignupHost() {
  const isOpen = useTrialSignup((s) => s.isOpen);
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <TrialSignup />
    </Suspense>
  );
}
