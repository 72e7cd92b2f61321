import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatBadge } from '@tagscout/core/format';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { DRAWER_WIDTH } from '../theme';
import { useLiveDate } from './live-countdown';
import { useMenuBadges } from './menu-badges';
import { MENU_ENTRIES, type MenuContext, type MenuText } from './menu-entries';
import { useCapabilities, useSession } from './session-store';
import { useNow } from './use-now';

export interface MenuDrawerProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The menu: a drawer 350 px wide (300 px on phones) with the entries this visitor may use. */
export function MenuDrawer({ isOpen, onClose }: MenuDrawerProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const context: MenuContext = {
    session: useSession(),
    caps: useCapabilities(),
    // Countdowns tick every second while the menu is open.
    nowMs: useNow(isOpen ? 1000 : 60_000),
    liveDateMs: useLiveDate(),
  };
  const badges = useMenuBadges();
  const entries = MENU_ENTRIES.filter((entry) => entry.isVisible(context));
  const say = (line: MenuText) => t(line.key, line.values);

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: DRAWER_WIDTH.mobile, sm: DRAWER_WIDTH.desktop } } } }}
    >
      <Box component="nav" aria-label={t('menu.open')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2 }}>
          <img src="/logo.svg" alt="" width={36} height={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {t('app.name')}
            </Typography>
            {context.session.user?.email && (
              <Typography variant="body2" color="text.secondary" noWrap>
                {context.session.user.email}
              </Typography>
            )}
          </Box>
        </Box>
        <Divider />
        <List>
          {entries.map((entry) => {
            const to = entry.to(context);
            const detail = entry.detail?.(context) ?? null;
            const badge = badges[entry.key] ?? 0;
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
                  <Badge badgeContent={badge > 0 ? formatBadge(badge) : null} color="secondary">
                    <Icon />
                  </Badge>
                </ListItemIcon>
                <ListItemText
                  primary={say(entry.label(context))}
                  secondary={detail ? say(detail) : null}
                  slotProps={{ secondary: { sx: { fontVariantNumeric: 'tabular-nums' } } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
}
