import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { resolveAccess } from '@tagscout/core/access';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { meKeys, refreshMe, useMe } from '../account/queries';

const POLL_MS = 1500;
const POLL_ATTEMPTS = 40;

/**
 * Back from a paid checkout. The plan arrives with the provider's webhook, not with this redirect,
 * so the page asks the server again (the me query) until the account is paying (a minute at most). A visitor
 * signed out here (paid in another browser, or at another address of the server: cookies differ)
 * is asked to sign in instead: their plan waits on the account they paid from.
 */
export function CheckoutConfirmation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useMe();
  const isPaying = me.data !== undefined && resolveAccess(me.data.account).isPaying;
  // The server has answered (or could not), and not with a signed-in account.
  const isSignedOut = !me.isPending && (!me.data?.user || me.data.user.isAnonymous);
  // Every answer (or failure) since the page opened, or since "Check again", is one attempt; an ask
  // already on its way when the page opens (the app's first) is the first.
  const answers = countAnswers(queryClient);
  const [answersBefore, setAnswersBefore] = useState(answers);
  const attempts = answers - answersBefore;

  useEffect(() => {
    if (isPaying || attempts >= POLL_ATTEMPTS || (isSignedOut && attempts > 0) || me.isFetching) return;
    const timer = setTimeout(() => void refreshMe(queryClient).catch(() => {}), attempts === 0 ? 0 : POLL_MS);
    return () => clearTimeout(timer);
  }, [isPaying, attempts, isSignedOut, me.isFetching, queryClient]);

  const state = isPaying
    ? 'confirmed'
    : isSignedOut && attempts > 0
      ? 'signInToConfirm'
      : attempts < POLL_ATTEMPTS
        ? 'confirming'
        : 'confirmLate';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
      {isPaying ? (
        <CheckCircle color="success" sx={{ fontSize: 56 }} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          {state === 'confirming' && <CircularProgress />}
        </Box>
      )}
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mt: 1.5 }}>
        {t(`plans.${state}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t(`plans.${state}.body`)}
      </Typography>
      {state === 'confirmed' && (
        <Button variant="contained" size="large" component={RouterLink} to="/tags">
          {t('plans.confirmed.action')}
        </Button>
      )}
      {state === 'signInToConfirm' && (
        <Button variant="contained" size="large" component={RouterLink} to="/login">
          {t('plans.signInToConfirm.action')}
        </Button>
      )}
      {state === 'confirmLate' && (
        <Button variant="outlined" onClick={() => setAnswersBefore(answers)}>
          {t('plans.confirmLate.action')}
        </Button>
      )}
    </Paper>
  );
}

function countAnswers(queryClient: QueryClient): number {
  const state = queryClient.getQueryState(meKeys.all);
  return (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
}
