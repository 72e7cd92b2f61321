import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { useUsage } from './queries';

/** The account's prospecting this 30-day period, as bars. */
export function UsagePanel() {
  const { t, i18n } = useTranslation();
  const usage = useUsage();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const data = usage.data;

  return (
    <Box component="section" aria-labelledby="usage-title" sx={{ px: 2, py: 2 }}>
      <Typography id="usage-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('prospecting.usage.title')}
      </Typography>
      {usage.isError && <Alert severity="error">{errorText(t, usage.error)}</Alert>}
      {data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <UsageBar
            label={t('prospecting.usage.day')}
            text={t('prospecting.usage.dayOf', { day: data.day, limit: data.day_limit })}
            value={data.day}
            limit={data.day_limit}
          />
          <UsageBar
            label={t('prospecting.usage.posts')}
            text={t('prospecting.usage.of', { value: number(data.posts), limit: number(data.post_limit) })}
            value={data.posts}
            limit={data.post_limit}
          />
          <UsageBar
            label={t('prospecting.usage.prospects')}
            text={t('prospecting.usage.of', {
              value: number(data.prospects),
              limit: number(data.prospect_limit),
            })}
            value={data.prospects}
            limit={data.prospect_limit}
          />
          <Typography variant="caption" color="text.secondary">
            {t('prospecting.usage.period', {
              end: new Date(data.period_end).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
            })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

function UsageBar({
  label,
  text,
  value,
  limit,
}: {
  label: string;
  text: string;
  value: number;
  limit: number;
}) {
  const percent = limit > 0 ? Math.min(100, (value / limit) * 100) : 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary" data-testid="usage-value">
          {text}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 100 ? 'error' : 'secondary'}
        aria-label={label}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
      />
    </Box>
  );
}
