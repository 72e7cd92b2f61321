import type { SvgIconComponent } from '@mui/icons-material';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Instagram from '@mui/icons-material/Instagram';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Place from '@mui/icons-material/Place';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import Star from '@mui/icons-material/Star';
import ViewList from '@mui/icons-material/ViewList';
import { EXTERNAL_LINKS } from './external-links';
import { landingPath, type SessionState } from './session-store';

export interface MenuEntry {
  key: string;
  labelKey: string;
  icon: SvgIconComponent;
  /** An in-app path, or an external page opened in a new tab. */
  to: string | ((session: SessionState) => string);
  isExternal?: boolean;
  isVisible: (session: SessionState) => boolean;
}

const always = () => true;
const signedIn = (session: SessionState) => session.isSignedIn;
const signedOut = (session: SessionState) => !session.isSignedIn;

/** The menu of SPEC section 2, in order; each entry decides for which visitors it shows. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { key: 'search', labelKey: 'menu.search', icon: Search, to: landingPath, isVisible: always },
  {
    key: 'collections',
    labelKey: 'menu.collections',
    icon: ViewList,
    to: '/collections',
    isVisible: (s) => s.isSignedIn || s.isInTrial,
  },
  {
    key: 'manageAccount',
    labelKey: 'menu.manageAccount',
    icon: ManageAccounts,
    to: '/portal',
    isVisible: (s) => s.accountId !== null,
  },
  {
    key: 'prospecting',
    labelKey: 'menu.prospecting',
    icon: Place,
    to: '/prospecting',
    isVisible: (s) => s.isAdmin,
  },
  { key: 'upgrade', labelKey: 'menu.getPro', icon: Star, to: '/upgrade', isVisible: (s) => !s.isAdmin },
  { key: 'login', labelKey: 'menu.login', icon: Login, to: '/login', isVisible: signedOut },
  { key: 'settings', labelKey: 'menu.settings', icon: Settings, to: '/settings', isVisible: always },
  { key: 'help', labelKey: 'menu.help', icon: HelpOutline, to: '/help', isVisible: always },
  {
    key: 'social',
    labelKey: 'menu.social',
    icon: Instagram,
    to: EXTERNAL_LINKS.social,
    isExternal: true,
    isVisible: always,
  },
  { key: 'logout', labelKey: 'menu.logout', icon: Logout, to: '/logout', isVisible: signedIn },
];
