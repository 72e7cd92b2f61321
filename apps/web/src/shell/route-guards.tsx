import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { landingPath, type SessionState, useSession } from './session-store';

/** Renders children when the rule holds, else sends the visitor to their landing page. */
export function Guard({
  allow,
  children,
}: {
  allow: (session: SessionState) => boolean;
  children: ReactNode;
}) {
  const session = useSession();
  // Until the server has said who the visitor is, a signed-in visitor would look signed out.
  if (!session.isLoaded) return <SessionLoading />;
  return allow(session) ? children : <Navigate to={landingPath(session)} replace />;
}

/** Any path the app does not know: the visitor's landing page. */
export function ToLanding() {
  const session = useSession();
  if (!session.isLoaded) return <SessionLoading />;
  return <Navigate to={landingPath(session)} replace />;
}

/** Opens an outside page in a new tab, then returns to the home route. */
export function OpenExternal({ url }: { url: string }) {
  useEffect(() => {
    window.open(url, '_blank', 'noopener,noreferrer');
  }, [url]);
  return <Navigate to="/" replace />;
}

/**
 * Instagram, Facebook, TikTok and similar apps open links in their own limited browser. TikTok's
 * names itself by its app ids (musical_ly, trill) or its webview (BytedanceWebview).
 */
export function isInAppBrowser(userAgent: string = navigator.userAgent): boolean {
  return /Instagram|FBAN|FBAV|FB_IAB|Line\/|TikTok|musical_ly|trill_|BytedanceWebview|Snapchat/i.test(
    userAgent,
  );
}

/** A spinner while the session or a screen's code loads. */
export function SessionLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress />
    </Box>
  );
}
