import InfoOutlined from '@mui/icons-material/InfoOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { LIMITS } from '@tagscout/core/limits';
import { useState } from 'react';
import type { RowText } from '../../components/row-text';
import { BannedMark } from './banned-mark';

export interface TagNameProps {
  label: string;
  href: string;
  prefix?: string;
  isBanned?: boolean;
  isCompact: boolean;
  /** Where a narrow column may break the name (after the word searched for), else anywhere. */
  breakAfter?: number;
  text: RowText;
}

/**
 * A tag or place name linking out to the network; long names are cut in a compact pane, with a
 * button for the rest.
 */
export function TagName({
  label,
  href,
  prefix = '',
  isBanned = false,
  isCompact,
  breakAfter = 0,
  text,
}: TagNameProps) {
  const [isFullShown, setIsFullShown] = useState(false);
  const isCut = isCompact && label.length > LIMITS.tagTruncationChars && !isFullShown;
  const shown = isCut ? `${label.slice(0, LIMITS.tagTruncationChars)}…` : label;
  return (
    <div className="ts-name-box">
      <a className="ts-name" href={href} target="_blank" rel="noopener noreferrer">
        {prefix}
        {breakAfter > 0 && breakAfter < shown.length && !isCut ? (
          <>
            {shown.slice(0, breakAfter)}
            <wbr />
            {shown.slice(breakAfter)}
          </>
        ) : (
          shown
        )}
      </a>
      {isCut && (
        <Tooltip describeChild title={label}>
          <IconButton
            size="small"
            aria-label={text.t('search.showFullName')}
            onClick={() => setIsFullShown(true)}
          >
            <InfoOutlined fontSize="inherit" />
          </IconButton>
        </Tooltip>
      )}
      {isBanned && <BannedMark text={text} />}
    </div>
  );
}
