import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Instagram from '@mui/icons-material/Instagram';
import LiveTv from '@mui/icons-material/LiveTv';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Place from '@mui/icons-material/Place';
import PostAdd from '@mui/icons-material/PostAdd';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import Star from '@mui/icons-material/Star';
import ViewList from '@mui/icons-material/ViewList';
import type { Capabilities } from '@tagscout/core/access';
import { formatCountdown, isLiveWindow, specialOfferRemaining, trialNoticeText } from '@tagscout/core/time';
import type { TranslationKey } from '../i18n/i18n';
import { EXTERNAL_LINKS } from './external-links';
import { landingPath, type SessionState } from './session-store';

/** Everything an entry may look at to decide whether and how it shows. */
export interface MenuContext {
  session: SessionState;
  caps: Capabilities;
  nowMs: number;
  /** The next (or current) live event, ms since 1970; null when none is planned. */
  liveDateMs: number | null;
}

/** A line of text: an i18n key and its values. */
export interface MenuText {
  key: TranslationKey;
  values?: Record<string, string | number>;
}

export interface MenuEntry {
  key: string;
  icon: SvgIconComponent;
  label: (context: MenuContext) => MenuText;
  /** A second line: a countdown or the trial time left. */
  detail?: (context: MenuContext) => MenuText | null;
  /** An in-app path, or an external page opened in a new tab. */
  to: (context: MenuContext) => string;
  isExternal?: boolean;
  isVisible: (context: MenuContext) => boolean;
}

const always = () => true;
const text = (key: TranslationKey) => () => ({ key });
const path = (to: string) => () => to;

/** The menu (docs/product-rules.md#screens-and-routes), in its order; each entry follows the visitor's capabilities. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    key: 'search',
    icon: Search,
    label: text('menu.search'),
    to: ({ session }) => landingPath(session),
    isVisible: always,
  },
  {
    key: 'collections',
    icon: ViewList,
    label: text('menu.collections'),
    to: path('/collections'),
    isVisible: ({ caps }) => caps.canUseCollections,
  },
  {
    // Your own posts (issue 34): an archive you bring, the tags you use; an account of your own.
    key: 'ownPosts',
    icon: PostAdd,
    label: text('menu.ownPosts'),
    to: path('/my-posts'),
    isVisible: ({ session }) => session.isLoaded && session.account.isSignedIn,
  },
  {
    key: 'manageAccount',
    icon: ManageAccounts,
    label: text('menu.manageAccount'),
    to: path('/portal'),
    isVisible: ({ caps, session }) => caps.canManageAccount && session.accountId !== null,
  },
  {
    // The account page (issue 32 §8): password, address, the data and deleting the account.
    key: 'account',
    icon: AccountCircle,
    label: text('menu.account'),
    to: path('/account'),
    isVisible: ({ caps, session }) => session.isLoaded && caps.canLogout,
  },
  {
    key: 'logout',
    icon: Logout,
    label: text('menu.logout'),
    to: path('/logout'),
    // Neither Logout nor Login until the server has said who the visitor is (a reload on a slow
    // connection showed a signed-in visitor Login for a moment).
    isVisible: ({ caps, session }) => session.isLoaded && caps.canLogout,
  },
  {
    key: 'upgrade',
    icon: Star,
    label: ({ session }) => ({ key: session.isInTrial ? 'menu.upgrade' : 'menu.getPro' }),
    detail: trialTimeLeft,
    to: path('/upgrade'),
    isVisible: ({ caps }) => caps.canUpgrade,
  },
  {
    key: 'login',
    icon: Login,
    label: text('menu.login'),
    to: path('/login'),
    isVisible: ({ caps, session }) => session.isLoaded && caps.canLogin,
  },
  {
    key: 'prospecting',
    icon: Place,
    label: text('menu.prospecting'),
    to: path('/prospecting'),
    isVisible: ({ caps }) => caps.canUseProspecting,
  },
  {
    key: 'admin',
    icon: AdminPanelSettings,
    label: text('menu.admin'),
    to: path('/admin'),
    isVisible: ({ session }) => session.isAdmin,
  },
  { key: 'settings', icon: Settings, label: text('menu.settings'), to: path('/settings'), isVisible: always },
  { key: 'help', icon: HelpOutline, label: text('menu.help'), to: path('/help'), isVisible: always },
  {
    key: 'social',
    icon: Instagram,
    label: text('menu.social'),
    to: path(EXTERNAL_LINKS.social),
    isExternal: true,
    isVisible: always,
  },
  {
    key: 'joinLive',
    icon: LiveTv,
    label: text('menu.joinLive'),
    detail: ({ liveDateMs, nowMs }) =>
      liveDateMs !== null && liveDateMs > nowMs
        ? { key: 'menu.startsIn', values: { time: formatCountdown(liveDateMs - nowMs) } }
        : { key: 'menu.liveNow' },
    to: path(EXTERNAL_LINKS.live),
    isExternal: true,
    isVisible: ({ liveDateMs, nowMs }) => liveDateMs !== null && isLiveWindow(liveDateMs, nowMs),
  },
  {
    key: 'specialOffer',
    icon: LocalOffer,
    label: text('menu.specialOffer'),
    detail: ({ session, nowMs }) => ({
      key: 'menu.endsIn',
      values: { time: formatCountdown(specialOfferRemaining(session.trialEndsAtMs ?? Number.NaN, nowMs)) },
    }),
    to: path('/specialoffer'),
    isVisible: ({ session, caps, nowMs }) =>
      caps.canUpgrade && specialOfferRemaining(session.trialEndsAtMs ?? Number.NaN, nowMs) > 0,
  },
];

/** "3 days left" under Upgrade while a trial runs (docs/product-rules.md#trials, the notice's wording). */
function trialTimeLeft({ session, nowMs }: MenuContext): MenuText | null {
  if (!session.isInTrial || session.trialEndsAtMs === null) return null;
  const notice = trialNoticeText(Math.max(0, (session.trialEndsAtMs - nowMs) / 1000));
  return { key: `trial.left.${notice.unit}`, values: { count: notice.value } };
}
