import Typography from '@mui/material/Typography';
import type { HashtagTrend } from '@tagscout/core/api';
import { formatCount } from '@tagscout/core/format';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowText } from '../../components/row-text';
import { Sparkline } from './sparkline';
import { formatWeekChange, toneOf } from './week-change';

const TrendDialog = lazy(() => import('./trend-dialog'));

const TONE_COLORS = { up: 'success.main', down: 'error.main', flat: 'text.secondary' } as const;

/** The week-on-week change as written: "+7%", "new" when there was no use the week before, or nothing. */
function weekChangeText(
  trend: Pick<HashtagTrend, 'week_change' | 'last_7_days'>,
  t: TFunction,
  locale: string,
): string {
  return formatWeekChange(trend.week_change, locale) ?? (trend.last_7_days > 0 ? t('trends.new') : '');
}

/** The week-on-week change, coloured, as a dialog's heading or caption. */
export function WeekChange({
  trend,
  variant = 'caption',
}: {
  trend: Pick<HashtagTrend, 'week_change' | 'last_7_days'>;
  variant?: 'caption' | 'h6';
}) {
  const { t, i18n } = useTranslation();
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
      {weekChangeText(trend, t, i18n.language)}
    </Typography>
  );
}

/** A dash for the eye, with what it means for screen readers. */
export function Dash({ label }: { label: string }) {
  return (
    <span className="ts-caption">
      <span aria-hidden="true">–</span>
      <span className="ts-visually-hidden">{label}</span>
    </span>
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
  text,
}: {
  hashtag: string;
  trend: HashtagTrend | undefined;
  isLoading: boolean;
  days?: 7 | 30;
  compact?: boolean;
  text: RowText;
}) {
  const { t, locale, words } = text;
  const [isOpen, setOpen] = useState(false);
  if (!trend) {
    return isLoading ? (
      <span
        className="ts-skeleton"
        role="img"
        style={{ width: compact ? 40 : 64 }}
        aria-label={words.trendLoading}
      />
    ) : (
      <Dash label={t('trends.unavailable')} />
    );
  }
  const values = trend.daily.slice(-days);
  // Also the hover text: the figure alone does not say what it is a change of (a list row has no heading).
  const label = `${trendSentence(t, locale, hashtag, trend)} ${words.openChart}`;
  return (
    <>
      <button
        type="button"
        className="ts-button ts-trend"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        data-testid="trend-button"
      >
        <span className={compact ? 'ts-trend-line is-compact' : 'ts-trend-line'}>
          {trend.last_30_days === 0 ? (
            <span className="ts-caption">{t('trends.noUses')}</span>
          ) : (
            <Sparkline values={values} width={compact ? 44 : 64} height={compact ? 16 : 20} />
          )}
          <span className={`ts-caption ts-${toneOf(trend.week_change)}`}>
            {weekChangeText(trend, t, locale)}
          </span>
        </span>
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <TrendDialog hashtag={hashtag} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
