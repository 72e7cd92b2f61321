import { Route, Routes } from 'react-router';
import { CollectionsPage } from './features/collections/collections-page';
import { HelpPage } from './features/help/help-page';
import { SearchPage } from './features/search/search-page';
import { SettingsPage } from './features/settings/settings-page';
import { AppFrame } from './shell/app-frame';
import { EXTERNAL_LINKS } from './shell/external-links';
import { lazyScreen } from './shell/lazy-screen';
import { NoInternetPage } from './shell/no-internet';
import { Guard, OpenExternal, ToLanding } from './shell/route-guards';
import type { SessionState } from './shell/session-store';

const hasAccess = (s: SessionState) => s.isSignedIn || s.isInTrial;

// The account screens load on first visit (AppFrame's Suspense shows a spinner meanwhile).
const LoginPage = lazyScreen(() => import('./features/account/login-page').then((m) => m.LoginPage));
const LogoutPage = lazyScreen(() => import('./features/account/logout-page').then((m) => m.LogoutPage));
const AccountPage = lazyScreen(() => import('./features/account/account-page').then((m) => m.AccountPage));
const NewAccountPage = lazyScreen(() =>
  import('./features/account/new-account-page').then((m) => m.NewAccountPage),
);
// Plans, Manage Account and the app-store pages (decision 009) also load on first visit.
const UpgradePage = lazyScreen(() => import('./features/upgrade/upgrade-page').then((m) => m.UpgradePage));
const PortalPage = lazyScreen(() => import('./features/upgrade/portal-page').then((m) => m.PortalPage));
const LandingPage = lazyScreen(() => import('./features/upgrade/landing-page').then((m) => m.LandingPage));
const InAppBrowserPage = lazyScreen(() =>
  import('./features/upgrade/in-app-browser-page').then((m) => m.InAppBrowserPage),
);

// Your own posts (issue 34) load on first visit.
const OwnPostsPage = lazyScreen(() =>
  import('./features/own-posts/own-posts-page').then((m) => m.OwnPostsPage),
);
// The admin screens bring the chart library: load them on first visit.
const AdminPage = lazyScreen(() => import('./features/admin/admin-page').then((m) => m.AdminPage));
// Prospecting is for administrators only: its code loads on first visit too.
const ProspectingRoutes = lazyScreen(() =>
  import('./features/prospecting/prospecting-routes').then((m) => m.ProspectingRoutes),
);

/** Every route and its redirect rule (docs/product-rules.md#screens-and-routes). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppFrame />}>
        <Route index element={<ToLanding />} />
        <Route
          path="tags/:topicId?"
          element={
            <Guard allow={hasAccess}>
              <SearchPage />
            </Guard>
          }
        />
        <Route
          path="try"
          element={
            <Guard allow={(s) => !hasAccess(s)}>
              <SearchPage />
            </Guard>
          }
        />
        <Route path="collections" element={<CollectionsPage />} />
        <Route path="my-posts" element={<OwnPostsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="help" element={<HelpPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="logout" element={<LogoutPage />} />
        <Route
          path="account"
          element={
            <Guard allow={(s) => s.user !== null}>
              <AccountPage />
            </Guard>
          }
        />
        <Route path="upgrade" element={<UpgradePage />} />
        <Route path="specialoffer" element={<UpgradePage isSpecialOnly />} />
        <Route path="newaccount" element={<NewAccountPage />} />
        <Route path="newlogin" element={<LoginPage isNewAccount />} />
        <Route
          path="portal"
          element={
            <Guard allow={(s) => s.accountId !== null}>
              <PortalPage />
            </Guard>
          }
        />
        <Route
          path="prospecting/*"
          element={
            <Guard allow={(s) => s.isAdmin}>
              <ProspectingRoutes />
            </Guard>
          }
        />
        <Route path="noInternet" element={<NoInternetPage />} />
        <Route
          path="admin/:section?"
          element={
            <Guard allow={(s) => s.isAdmin}>
              <AdminPage />
            </Guard>
          }
        />
        <Route path="landingPage" element={<LandingPage />} />
        <Route path="inAppBrowser" element={<InAppBrowserPage />} />
        <Route path="video" element={<OpenExternal url={EXTERNAL_LINKS.video} />} />
        <Route path="social" element={<OpenExternal url={EXTERNAL_LINKS.social} />} />
        <Route path="*" element={<ToLanding />} />
      </Route>
    </Routes>
  );
}
