import { WalkthroughHost } from '../features/walkthrough/walkthrough-host';
import { FeedbackDialog } from './feedback-dialog';
import { useConnectivityWatch } from './no-internet';
import { TutorialCarousel } from './tutorial-carousel';
import { useInAppBrowserRedirect } from './use-in-app-browser-redirect';

/** What the shell adds around every screen: connectivity, tutorial, feedback, the guide. */
export function ShellExtras() {
  useConnectivityWatch();
  useInAppBrowserRedirect();
  return (
    <>
      <TutorialCarousel />
      <FeedbackDialog />
      <WalkthroughHost />
    </>
  );
}
