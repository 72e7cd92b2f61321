import type { HashtagTrend } from '@tagscout/core/api';
import { memo } from 'react';
import { RowIcon } from '../../components/row-icons';
import type { RowText } from '../../components/row-text';
import { networkPlaceUrl, networkTagUrl } from '../../shell/external-links';
import { TrendCell } from '../networks/trend-cell';
import { AddButton } from './add-button';
import { PostCount } from './post-count';
import type { ResultItem } from './search-api';
import { TagName } from './tag-name';

export interface ResultRowProps {
  item: ResultItem;
  isExpanded: boolean;
  isCompact: boolean;
  trend: HashtagTrend | undefined;
  isTrendLoading: boolean;
  trendDays: 7 | 30;
  /** Where the name may break in a narrow column (after the word searched for). */
  breakAfter: number;
  text: RowText;
  onDrill: (item: ResultItem) => void;
}

/**
 * One search result: drill button, name, post count, trend and Add button, as plain table elements
 * styled by the app's row styles (components/row-styles.ts); drawn again only when its own props change.
 */
export const ResultRow = memo(function ResultRow({
  item,
  isExpanded,
  isCompact,
  trend,
  isTrendLoading,
  trendDays,
  breakAfter,
  text,
  onDrill,
}: ResultRowProps) {
  const { t, words } = text;
  const isHashtag = item.kind === 'hashtag';
  return (
    <tr className={isExpanded ? 'ts-row is-selected' : 'ts-row'} data-testid="result-row">
      <td style={{ width: isCompact ? 36 : 48 }}>
        <button
          type="button"
          className="ts-button ts-icon-button"
          title={isExpanded ? words.hideRelated : words.showRelated}
          aria-expanded={isExpanded}
          aria-label={t(isExpanded ? 'search.hideRelatedOf' : 'search.showRelatedOf', { name: item.label })}
          onClick={() => onDrill(item)}
          data-tour="drill"
        >
          <RowIcon name={isExpanded ? 'expandLess' : 'expandMore'} />
        </button>
      </td>
      <td data-tour="result">
        <TagName
          label={item.label}
          prefix={isHashtag ? '#' : ''}
          href={isHashtag ? networkTagUrl(item.key) : networkPlaceUrl(item.key)}
          isBanned={item.isBanned}
          isCompact={isCompact}
          breakAfter={breakAfter}
          text={text}
        />
      </td>
      <td className="ts-right">
        <PostCount count={item.count} isCompact={isCompact} isIndexing={item.isIndexing} text={text} />
      </td>
      <td className="ts-center" style={{ paddingTop: 2, paddingBottom: 2 }}>
        {isHashtag && (
          <TrendCell
            hashtag={item.key}
            trend={trend}
            isLoading={isTrendLoading}
            days={trendDays}
            compact={isCompact}
            text={text}
          />
        )}
      </td>
      <td className="ts-right">
        {isHashtag && <AddButton hashtag={item.key} count={item.count} isCompact={isCompact} text={text} />}
      </td>
    </tr>
  );
});
