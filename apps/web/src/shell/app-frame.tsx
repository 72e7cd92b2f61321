import Box from '@mui/material/Box';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useSessionBootstrap } from '../features/account/session-sync';
import { TrialSignup } from '../features/account/trial-signup';
import { MenuDrawer } from './menu-drawer';
import { SessionDialogs } from './session-dialogs';
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
      <MenuDrawer isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Outlet />
      </Box>
      <SessionDialogs />
      <TrialSignup />
    </Box>
  );
}
