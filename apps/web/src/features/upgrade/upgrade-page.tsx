import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { specialOfferRemaining } from '@tagscout/core/time';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type StorePlatform, storePlatform } from '../../native/native-platform';
import { storePurchasesFor } from '../../native/store-purchases';
import { markSpecialOfferSeen, useCapabilities, useSession } from '../../shell/session-store';
import { useNow } from '../../shell/use-now';
import { SpecialOfferDialog } from '../account/special-offer-dialog';
import { shouldOfferTrialSignup } from '../account/trial-eligibility';
import { openTrialSignup } from '../account/trial-signup-store';
import { isGuidedVisit } from '../walkthrough/guided-visit';
import { AlreadyPro } from './already-pro';
import { billingInfoQuery } from './billing-api';
import { CheckoutConfirmation } from './checkout-confirmation';
import { FeatureList } from './feature-list';
import { LegalFooter } from './legal-footer';
import { OfferBanner } from './offer-banner';
import { PurchaseAlert } from './purchase-alert';
import { StorePlans } from './store-plans';
import { useStorePurchase } from './use-store-purchase';
import { useWebCheckout } from './use-web-checkout';
import { WebPlans } from './web-plans';
import { WebRestorePanel } from './web-restore-panel';

export interface UpgradePageProps {
  /** /specialoffer: the special offer's dialog opens at once, and the trial sign-up does not. */
  isSpecialOnly?: boolean;
}

/**
 * /upgrade and /specialoffer (docs/product-rules.md#plans-and-purchases): the plans with their prices, the special
 * offer with its countdown while its window is open, terms and privacy. The web buys through the
 * billing provider's hosted checkout; the apps through their store.
 */
export function UpgradePage({ isSpecialOnly = false }: UpgradePageProps) {
  const platform = storePlatform();
  return platform ? (
    <StoreUpgradePage platform={platform} isSpecialOnly={isSpecialOnly} />
  ) : (
    <WebUpgradePage isSpecialOnly={isSpecialOnly} />
  );
}

function WebUpgradePage({ isSpecialOnly }: { isSpecialOnly: boolean }) {
  const { t } = useTranslation();
  const checkout = useWebCheckout();
  const info = useQuery(billingInfoQuery);
  const [params] = useSearchParams();
  // A server with no billing provider chosen sells nothing: say so instead of plans that fail.
  const plans =
    info.data?.provider === 'none' ? (
      <Alert severity="info">{t('plans.notSetUp')}</Alert>
    ) : (
      <WebPlans busyPlan={checkout.busyPlan} onChoose={(plan) => void checkout.choose(plan)} />
    );
  return (
    <PlansScreen
      isSpecialOnly={isSpecialOnly}
      store="web"
      error={checkout.error}
      onAcceptOffer={() => void checkout.choose('annualSpecial')}
      plans={
        params.get('restore') === '1' ? (
          <>
            <WebRestorePanel />
            {plans}
          </>
        ) : (
          plans
        )
      }
    />
  );
}

function StoreUpgradePage({ platform, isSpecialOnly }: { platform: StorePlatform; isSpecialOnly: boolean }) {
  const store = storePurchasesFor(platform);
  const purchase = useStorePurchase(platform, store);
  const special = purchase.products.data?.special ?? null;
  const [params] = useSearchParams();
  const shouldRestore = params.get('restore') === '1';
  const hasRestored = useRef(false);

  useEffect(() => {
    // Sign-in and Help link here with ?restore=1 (restore purchases on the apps).
    if (!shouldRestore || hasRestored.current) return;
    hasRestored.current = true;
    void purchase.restore();
  }, [shouldRestore, purchase]);
  return (
    <>
      <PlansScreen
        isSpecialOnly={isSpecialOnly}
        store={platform}
        error={null}
        onAcceptOffer={() => special && void purchase.subscribe(special)}
        onManageStore={() => void store.manageSubscriptions()}
        plans={<StorePlans platform={platform} purchase={purchase} />}
      />
      <PurchaseAlert message={purchase.alert} onClose={purchase.closeAlert} />
    </>
  );
}

function PlansScreen({
  isSpecialOnly,
  store,
  error,
  plans,
  onAcceptOffer,
  onManageStore,
}: {
  isSpecialOnly: boolean;
  store: 'web' | StorePlatform;
  error: string | null;
  plans: React.ReactNode;
  onAcceptOffer: () => void;
  onManageStore?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const caps = useCapabilities();
  const nowMs = useNow(1000);
  const [params] = useSearchParams();
  const checkoutState = params.get('checkout');
  const isRestoring = params.get('restore') === '1';
  const offerMs = caps.canUpgrade ? specialOfferRemaining(session.trialEndsAtMs ?? Number.NaN, nowMs) : 0;
  const [isOfferOpen, setIsOfferOpen] = useState(isSpecialOnly);
  const canStartTrial = session.isLoaded && caps.canUpgrade && shouldOfferTrialSignup(session);
  // Brought here by the guide: its plans step comes first (a sign-up would hide it and end the guide
  // here); "Start a free trial" below stays.
  const isGuided = isGuidedVisit(useLocation().state);

  useEffect(() => {
    // The trial sign-up opens by itself, except in special-offer-only mode.
    if (canStartTrial && !isSpecialOnly && !checkoutState && !isRestoring && !isGuided) openTrialSignup();
  }, [canStartTrial, isSpecialOnly, checkoutState, isRestoring, isGuided]);

  function handleCloseOffer() {
    setIsOfferOpen(false);
    if (!isSpecialOnly) return;
    // Closing in special-only mode marks the offer seen and goes to the search.
    markSpecialOfferSeen();
    navigate('/tags');
  }

  function handleAcceptOffer() {
    setIsOfferOpen(false);
    onAcceptOffer();
  }

  let body: React.ReactNode;
  if (checkoutState === 'success') {
    body = <CheckoutConfirmation />;
  } else if (session.isLoaded && !caps.canUpgrade) {
    body = <AlreadyPro onManageStore={onManageStore} />;
  } else {
    body = (
      <>
        {checkoutState === 'cancelled' && <Alert severity="info">{t('plans.cancelled')}</Alert>}
        {checkoutState === 'unknown' && <Alert severity="warning">{t('plans.unknownCheckout')}</Alert>}
        <Box component="header" sx={{ textAlign: 'center' }}>
          <WorkspacePremium color="primary" sx={{ fontSize: 44 }} />
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mt: 0.5 }}>
            {t('plans.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('plans.subtitle')}
          </Typography>
        </Box>
        <FeatureList />
        {offerMs > 0 && <OfferBanner remainingMs={offerMs} onOpen={() => setIsOfferOpen(true)} />}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {plans}
        {canStartTrial && !isSpecialOnly && (
          <Button onClick={openTrialSignup} sx={{ alignSelf: 'center' }}>
            {t('plans.startTrial')}
          </Button>
        )}
        <LegalFooter store={store} />
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
      <Box sx={{ width: '100%', maxWidth: 760, display: 'flex', flexDirection: 'column', gap: 3 }}>
        {body}
      </Box>
      <SpecialOfferDialog
        isOpen={isOfferOpen && offerMs > 0}
        remainingMs={offerMs}
        onClose={handleCloseOffer}
        onAccept={handleAcceptOffer}
      />
    </Box>
  );
}
