import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatCount } from '@tagscout/core/format';
import { useTranslation } from 'react-i18next';
import { networkName } from './network-label';
import { useTrends } from './queries';
import { WeekChange } from './trend-cell';
import { TrendChart } from './trend-chart';

/** A tag's chart: its daily uses over the last 30 days on the current network, with the sums. */
export default function TrendDialog({ hashtag, onClose }: { hashtag: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const trends = useTrends([hashtag]);
  const trend = trends.data?.byTag.get(hashtag);
  const locale = i18n.language;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="trend-title"
    >
      <DialogTitle id="trend-title">
        {t('trends.chartTitle', { tag: hashtag })}
        {trends.data && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {t('trends.chartSubtitle', {
              network: networkName(t, trends.data.network),
              from: formatDay(trends.data.firstDay, locale),
              to: formatDay(trends.data.lastDay, locale),
            })}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        {trends.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('trends.loading')} />
          </Box>
        )}
        {trends.isError && (
          <Alert severity="error" role="alert">
            {trends.error.message}
          </Alert>
        )}
        {trend && trends.data && (
          <Stack sx={{ gap: 2 }}>
            <Stack
              direction="row"
              sx={{ gap: 3, flexWrap: 'wrap' }}
              role="group"
              aria-label={t('trends.totals')}
            >
              <Figure label={t('trends.last7')} value={formatCount(trend.last_7_days, { locale })} />
              <Figure label={t('trends.last30')} value={formatCount(trend.last_30_days, { locale })} />
              <Box>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('trends.weekOnWeek')}
                </Typography>
                {trend.week_change === null && trend.last_7_days === 0 ? (
                  <Typography variant="h6" component="p">
                    –
                  </Typography>
                ) : (
                  <WeekChange trend={trend} variant="h6" />
                )}
              </Box>
            </Stack>
            {trend.last_30_days === 0 ? (
              <Typography color="text.secondary" role="status">
                {t('trends.noUsesLong')}
              </Typography>
            ) : (
              <TrendChart
                daily={trend.daily}
                firstDay={trends.data.firstDay}
                locale={locale}
                label={t('trends.usesPerDay')}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('trends.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function formatDay(isoDate: string, locale: string): string {
  if (!isoDate) return '';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
