import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The iOS and Android apps wrap the same built web app (apps/web/dist); decision 009.
 * `npm run mobile:sync` (repository root) builds it and copies it into the native projects.
 *
 * The apps call the API on the server named by TAGSCOUT_SERVER_URL at sync time: Capacitor then
 * loads the app from that server (its /api answers on the same origin, with bearer tokens), which
 * is also how a phone on the same network reaches a development server. Without it the bundled
 * copy is used, served from capacitor://localhost (iOS) and https://localhost (Android), the
 * origins the server trusts by default (TRUSTED_ORIGINS); build it with VITE_API_BASE_URL set to the
 * server's address so its API calls go there.
 */
const serverUrl = process.env.TAGSCOUT_SERVER_URL;

const config: CapacitorConfig = {
  appId: 'com.tagscout.app',
  appName: 'Tagscout',
  webDir: 'dist',
  ...(serverUrl && {
    server: { url: serverUrl, cleartext: serverUrl.startsWith('http://') },
  }),
  plugins: {
    // Native HTTP for fetch: the API (from the bundled app) and the network's public pages (the
    // instagram-web device source) are reached without the WebView's cross-origin limits.
    CapacitorHttp: { enabled: true },
  },
  ios: {
    contentInset: 'automatic',
  },
  android: {
    allowMixedContent: false,
  },
};

export default config;
