import { Route, Routes } from 'react-router';
import { ComingSoon } from './components/coming-soon';
import { LoginPage } from './features/account/login-page';
import { LogoutPage } from './features/account/logout-page';
import { NewAccountPage } from './features/account/new-account-page';
import { UpgradePlaceholder } from './features/account/upgrade-placeholder';
import { CollectionsPage } from './features/collections/collections-page';
import { SearchPage } from './features/search/search-page';
import { SettingsPage } from './features/settings/settings-page';
import { AppFrame } from './shell/app-frame';
import { EXTERNAL_LINKS } from './shell/external-links';
import { Guard, isInAppBrowser, OpenExternal, ToLanding } from './shell/route-guards';
import type { SessionState } from './shell/session-store';

const hasAccess = (s: SessionState) => s.isSignedIn || s.isInTrial;

/** Every route of SPEC section 2 and its redirect rule. */
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
        <Route path="settings" element={<SettingsPage />} />
        <Route path="help" element={<ComingSoon pageKey="help" />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="logout" element={<LogoutPage />} />
        <Route path="upgrade" element={<UpgradePlaceholder />} />
        <Route path="specialoffer" element={<UpgradePlaceholder isSpecialOnly />} />
        <Route path="newaccount" element={<NewAccountPage />} />
        <Route path="newlogin" element={<LoginPage isNewAccount />} />
        <Route
          path="portal"
          element={
            <Guard allow={(s) => s.accountId !== null}>
              <ComingSoon pageKey="portal" />
            </Guard>
          }
        />
        <Route
          path="prospecting"
          element={
            <Guard allow={(s) => s.isAdmin}>
              <ComingSoon pageKey="prospecting" />
            </Guard>
          }
        />
        <Route path="noInternet" element={<ComingSoon pageKey="noInternet" />} />
        <Route path="landingPage" element={<ComingSoon pageKey="landingPage" />} />
        <Route
          path="inAppBrowser"
          element={isInAppBrowser() ? <ComingSoon pageKey="inAppBrowser" /> : <OpenExternalHome />}
        />
        <Route path="video" element={<OpenExternal url={EXTERNAL_LINKS.video} />} />
        <Route path="social" element={<OpenExternal url={EXTERNAL_LINKS.social} />} />
        <Route path="*" element={<ToLanding />} />
      </Route>
    </Routes>
  );
}

function OpenExternalHome() {
  return <ToLanding />;
}
