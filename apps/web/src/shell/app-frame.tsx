import Box from '@mui/material/Box';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useSessionBootstrap } from '../features/account/session-sync';
import { useTrialSignup } from '../features/account/trial-signup-store';
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
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TitleBar onOpenMenu={() => setIsMenuOpen(true)} />
      <OutageBanner />
      <MenuDrawer isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Suspense fallback={<SessionLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SessionDialogs />
      <TrialSignupHost />
      <ShellExtras />
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
