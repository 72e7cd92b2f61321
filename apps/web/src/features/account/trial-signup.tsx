import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import MobileStepper from '@mui/material/MobileStepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../../components/upgrade-dialog';
import { TrialCodeStep } from './trial-code-step';
import { promoCodeErrorOf, TrialEmailStep } from './trial-email-step';
import { TrialResendStep } from './trial-resend-step';
import { closeTrialSignup, useTrialSignup } from './trial-signup-store';
import { type TrialStep, useTrialSignupFlow } from './use-trial-signup-flow';

const STEPS: readonly TrialStep[] = ['email', 'code', 'resend'];

/** The full-screen trial sign-up (docs/product-rules.md#trials): email, code, resend, and "no thanks". */
export function TrialSignup() {
  const isOpen = useTrialSignup((s) => s.isOpen);
  const { t } = useTranslation();
  return (
    <Dialog fullScreen open={isOpen} onClose={closeTrialSignup} aria-labelledby="trial-signup-title">
      <Box sx={{ position: 'relative', minHeight: '100%', display: 'flex', flexDirection: 'column' }}>
        <IconButton
          aria-label={t('common.close')}
          onClick={closeTrialSignup}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <Close />
        </IconButton>
        {isOpen && <TrialSignupSteps />}
      </Box>
    </Dialog>
  );
}

function TrialSignupSteps() {
  const { t } = useTranslation();
  const flow = useTrialSignupFlow();
  return (
    <Box
      sx={{
        flexGrow: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        px: 2.5,
        pt: { xs: 7, sm: 4 },
        pb: 4,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <Box component="img" src="/logo.svg" alt="" sx={{ width: 56, height: 56, display: 'block', mb: 2 }} />
        <Typography id="trial-signup-title" variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {t(`trial.${flow.step}.title`)}
        </Typography>
        <MobileStepper
          variant="dots"
          steps={STEPS.length}
          position="static"
          activeStep={STEPS.indexOf(flow.step)}
          backButton={null}
          nextButton={null}
          aria-label={t('trial.stepOf', { step: STEPS.indexOf(flow.step) + 1, count: STEPS.length })}
          sx={{ p: 0, mb: 2, bgcolor: 'transparent', justifyContent: 'flex-start' }}
        />
        {flow.error && !(flow.step === 'email' && promoCodeErrorOf(flow)) && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {flow.error}
          </Alert>
        )}
        {flow.step === 'email' && <TrialEmailStep flow={flow} />}
        {flow.step === 'code' && <TrialCodeStep flow={flow} />}
        {flow.step === 'resend' && <TrialResendStep flow={flow} />}
        <Button
          fullWidth
          color="inherit"
          disabled={flow.isBusy}
          onClick={() => void flow.skip()}
          sx={{ mt: 3 }}
        >
          {t('trial.skip')}
        </Button>
      </Box>
      <MessageDialog
        isOpen={flow.isAlreadyRegistered}
        title={t('trial.alreadyRegisteredTitle')}
        message={t('trial.alreadyRegistered')}
        onClose={flow.finishAlreadyRegistered}
      />
    </Box>
  );
}
