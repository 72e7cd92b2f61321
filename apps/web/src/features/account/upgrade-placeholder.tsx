import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@tagscout/core/limits';
import { specialOfferRemaining } from '@tagscout/core/time';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { markSpecialOfferSeen, useSession } from '../../shell/session-store';
import { useNow } from '../../shell/use-now';
import { SpecialOfferDialog } from './special-offer-dialog';
import { shouldOfferTrialSignup } from './trial-eligibility';
import { openTrialSignup } from './trial-signup-store';

export interface UpgradePlaceholderProps {
  /** /specialoffer: only the special offer, and no trial sign-up. */
  isSpecialOnly?: boolean;
}

/**
 * /upgrade and /specialoffer until the plans screen exists: the prices, the trial sign-up (opened at
 * once for visitors who can start a trial) and the special offer while its window is open.
 */
export function UpgradePlaceholder({ isSpecialOnly = false }: UpgradePlaceholderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const nowMs = useNow(1000);
  const canStartTrial = session.isLoaded && shouldOfferTrialSignup(session);
  const offerMs = specialOfferRemaining(session.trialEndsAtMs ?? Number.NaN, nowMs);
  const [isOfferOpen, setIsOfferOpen] = useState(isSpecialOnly);

  useEffect(() => {
    if (canStartTrial && !isSpecialOnly) openTrialSignup();
  }, [canStartTrial, isSpecialOnly]);

  function handleCloseOffer() {
    setIsOfferOpen(false);
    if (!isSpecialOnly) return;
    // SPEC: closing in special-only mode marks the offer seen and goes to the search.
    markSpecialOfferSeen();
    navigate('/tags');
  }

  const money = (amount: number) => `$${amount.toFixed(2)}`;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 5 } }}>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 }, textAlign: 'center' }}
      >
        <WorkspacePremium color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
          {t('upgrade.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('upgrade.body')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mb: 3 }}>
          <Price label={t('upgrade.monthly')} price={money(LIMITS.priceMonthly)} />
          <Price label={t('upgrade.annual')} price={money(LIMITS.priceAnnual)} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('upgrade.checkoutSoon')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          {canStartTrial && !isSpecialOnly && (
            <Button variant="contained" onClick={openTrialSignup}>
              {t('upgrade.startTrial')}
            </Button>
          )}
          {offerMs > 0 && (
            <Button variant="outlined" onClick={() => setIsOfferOpen(true)}>
              {t('upgrade.seeOffer')}
            </Button>
          )}
        </Box>
      </Paper>
      <SpecialOfferDialog
        isOpen={isOfferOpen && offerMs > 0}
        remainingMs={offerMs}
        onClose={handleCloseOffer}
        onAccept={() => setIsOfferOpen(false)}
      />
    </Box>
  );
}

function Price({ label, price }: { label: string; price: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {price}
      </Typography>
    </Paper>
  );
}
