import TrendingUp from '@mui/icons-material/TrendingUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { networkName } from './network-label';
import { useCurrentNetwork, useTrending } from './queries';

/** The tags that grew most over the last 24 hours on the current network; choosing one searches it. */
export function TrendingNow({ onPick }: { onPick: (hashtag: string) => void }) {
  const { t, i18n } = useTranslation();
  const network = useCurrentNetwork();
  const trending = useTrending();
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'always',
  });
  return (
    <Box
      component="section"
      aria-labelledby="trending-title"
      sx={{ px: 2, pb: 2 }}
      data-testid="trending-now"
    >
      <Stack direction="row" sx={{ alignItems: 'center', columnGap: 1, flexWrap: 'wrap', mb: 1 }}>
        <TrendingUp color="primary" fontSize="small" />
        <Typography id="trending-title" variant="subtitle2" component="h2">
          {network ? t('trends.trendingOn', { network: networkName(t, network) }) : t('trends.trending')}
        </Typography>
        {/* The chips' figures are a day's growth, where a tag's trend elsewhere is the week's. */}
        <Typography variant="caption" color="text.secondary">
          {t('trends.trendingWindow')}
        </Typography>
      </Stack>
      {trending.isPending && (
        <Stack
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap' }}
          aria-label={t('trends.loading')}
          role="status"
        >
          {[80, 64, 96, 72, 88].map((width) => (
            <Skeleton key={width} variant="rounded" width={width} height={32} />
          ))}
        </Stack>
      )}
      {trending.isError && (
        <Alert severity="error" role="alert">
          {t('trends.trendingFailed', { message: trending.error.message })}
        </Alert>
      )}
      {trending.data && trending.data.trending.length === 0 && (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('trends.noneTrending')}
        </Typography>
      )}
      {trending.data && trending.data.trending.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
        >
          {trending.data.trending.map((tag) => {
            const change =
              tag.previous_24_hours > 0
                ? percent.format((tag.last_24_hours - tag.previous_24_hours) / tag.previous_24_hours)
                : t('trends.new');
            const sentence = t('trends.trendingTagLabel', {
              tag: tag.hashtag,
              uses: tag.last_24_hours,
              before: tag.previous_24_hours,
              authors: tag.authors,
            });
            return (
              <li key={tag.hashtag}>
                <Chip
                  clickable
                  onClick={() => onPick(tag.hashtag)}
                  data-testid="trending-tag"
                  aria-label={sentence}
                  title={sentence}
                  label={
                    <span>
                      #{tag.hashtag}{' '}
                      <Box component="span" sx={{ color: 'success.main', fontWeight: 500 }}>
                        {change}
                      </Box>
                    </span>
                  }
                  variant="outlined"
                />
              </li>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
