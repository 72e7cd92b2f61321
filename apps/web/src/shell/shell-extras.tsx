import { WalkthroughHost } from '../features/walkthrough/walkthrough-host';
import { CookieNotice } from './cookie-notice';
import { FeedbackDialog } from './feedback-dialog';
import { useConnectivityWatch } from './no-internet';
import { TutorialCarousel } from './tutorial-carousel';

/** What the shell adds around every screen: connectivity, cookie notice, tutorial, feedback, the guide. */
export function ShellExtras() {
  useConnectivityWatch();
  return (
    <>
      <TutorialCarousel />
      <FeedbackDialog />
      <CookieNotice />
      <WalkthroughHost />
    </>
  );
}
