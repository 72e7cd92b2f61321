import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { landingPath, useSession } from './session-store';

export interface TitleBarProps {
  onOpenMenu: () => void;
  /** Screen-specific controls on the right (a search field, a save button...). */
  actions?: ReactNode;
}

export function TitleBar({ onOpenMenu, actions }: TitleBarProps) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label={t('menu.open')}
          onClick={onOpenMenu}
          data-tour="menu"
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to={landingPath(session)}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
        >
          <Box
            component="img"
            src="/logo.svg"
            alt=""
            sx={{ width: 32, height: 32, borderRadius: 1.5, boxShadow: '0 0 0 2px rgba(255,255,255,.6)' }}
          />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            {t('app.name')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Toolbar>
    </AppBar>
  );
}
