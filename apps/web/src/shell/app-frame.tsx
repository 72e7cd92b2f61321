import Box from '@mui/material/Box';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { MenuDrawer } from './menu-drawer';
import { TitleBar } from './title-bar';

/** Title bar, menu and the current screen. */
export function AppFrame() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TitleBar onOpenMenu={() => setIsMenuOpen(true)} />
      <MenuDrawer isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
