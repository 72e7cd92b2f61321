import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { DRAWER_WIDTH } from '../theme';
import { MENU_ENTRIES } from './menu-entries';
import { useSession } from './session-store';

export interface MenuDrawerProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The menu: a drawer 350 px wide (300 px on phones) with the entries this visitor may use. */
export function MenuDrawer({ isOpen, onClose }: MenuDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const entries = MENU_ENTRIES.filter((entry) => entry.isVisible(session));

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: DRAWER_WIDTH.mobile, sm: DRAWER_WIDTH.desktop } } } }}
    >
      <Box component="nav" aria-label={t('menu.open')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2 }}>
          <img src="/logo.svg" alt="" width={36} height={36} />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('app.name')}
          </Typography>
        </Box>
        <Divider />
        <List>
          {entries.map((entry) => {
            const to = typeof entry.to === 'function' ? entry.to(session) : entry.to;
            const Icon = entry.icon;
            const linkProps = entry.isExternal
              ? { component: 'a' as const, href: to, target: '_blank', rel: 'noopener noreferrer' }
              : { component: RouterLink, to };
            return (
              <ListItemButton
                key={entry.key}
                {...linkProps}
                onClick={onClose}
                selected={!entry.isExternal && location.pathname === to}
                sx={{ px: 2.5 }}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(entry.labelKey)} />
              </ListItemButton>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
}
