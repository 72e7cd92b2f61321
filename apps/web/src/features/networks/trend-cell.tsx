import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HashtagTrend } from '@tagscout/core/api';
import { formatCount } from '@tagscout/core/format';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../account/visually-hidden';
import { Sparkline } from './sparkline';
import { formatWeekChange, toneOf } from './week-change';

const TrendDialog = lazy(() => import('./trend-dialog'));

const TONE_COLORS = { up: 'success.main', down: 'error.main', flat: 'text.secondary' } as const;

/** The week-on-week change, coloured; "new" or nothing when there was no use the week before. */
export function WeekChange({
  trend,
  variant = 'caption',
}: {
  trend: Pick<HashtagTrend, 'week_change' | 'last_7_days'>;
  variant?: 'caption' | 'h6';
}) {
  const { t, i18n } = useTranslation();
  const text =
    formatWeekChange(trend.week_change, i18n.language) ?? (trend.last_7_days > 0 ? t('trends.new') : '');
  return (
    <Typography
      component={variant === 'h6' ? 'p' : 'span'}
      variant={variant}
      sx={{
        color: TONE_COLORS[toneOf(trend.week_change)],
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </Typography>
  );
}

/** A dash for the eye, with what it means for screen readers. */
export function Dash({ label }: { label: string }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary">
      <span aria-hidden="true">–</span>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Typography>
  );
}

/** A screen reader's sentence for a tag's trend. */
export function trendSentence(t: TFunction, locale: string, hashtag: string, trend: HashtagTrend): string {
  const change = formatWeekChange(trend.week_change, locale);
  return t('trends.cellLabel', {
    tag: hashtag,
    week: formatCount(trend.last_7_days, { locale }),
    month: formatCount(trend.last_30_days, { locale }),
    change: change ? t('trends.changeSentence', { change }) : t('trends.noChangeSentence'),
  });
}

/**
 * A tag's trend in a table or list: a sparkline of the last 7 or 30 days and the week-on-week
 * change; a button opening the tag's chart.
 */
export function TrendCell({
  hashtag,
  trend,
  isLoading,
  days = 30,
  compact = false,
}: {
  hashtag: string;
  trend: HashtagTrend | undefined;
  isLoading: boolean;
  days?: 7 | 30;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  if (!trend) {
    return isLoading ? (
      <Skeleton variant="rounded" width={compact ? 40 : 64} height={20} aria-label={t('trends.loading')} />
    ) : (
      <Dash label={t('trends.unavailable')} />
    );
  }
  const values = trend.daily.slice(-days);
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`${trendSentence(t, i18n.language, hashtag, trend)} ${t('trends.openChart')}`}
        title={t('trends.openChart')}
        data-testid="trend-button"
        sx={{
          borderRadius: 1,
          px: 0.5,
          py: 0.25,
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        <Stack direction={compact ? 'column' : 'row'} sx={{ alignItems: 'center', gap: compact ? 0 : 0.75 }}>
          {trend.last_30_days === 0 ? (
            <Typography component="span" variant="caption" color="text.secondary">
              {t('trends.noUses')}
            </Typography>
          ) : (
            <Sparkline values={values} width={compact ? 44 : 64} height={compact ? 16 : 20} />
          )}
          <WeekChange trend={trend} />
        </Stack>
      </ButtonBase>
      {isOpen && (
        <Suspense fallback={null}>
          <TrendDialog hashtag={hashtag} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
