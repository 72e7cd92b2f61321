import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { LIMITS } from '@tagscout/core/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TagNameProps {
  label: string;
  href: string;
  prefix?: string;
  isBanned?: boolean;
  isCompact: boolean;
}

/**
 * A tag or place name linking out to the network; long names are cut in a compact pane, with a
 * button for the rest.
 */
export function TagName({ label, href, prefix = '', isBanned = false, isCompact }: TagNameProps) {
  const { t } = useTranslation();
  const [isFullShown, setIsFullShown] = useState(false);
  const isCut = isCompact && label.length > LIMITS.tagTruncationChars && !isFullShown;
  const shown = isCut ? `${label.slice(0, LIMITS.tagTruncationChars)}…` : label;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        underline="hover"
        sx={{ wordBreak: 'break-word', fontWeight: 500 }}
      >
        {prefix}
        {shown}
      </Link>
      {isCut && (
        <Tooltip describeChild title={label}>
          <IconButton size="small" aria-label={t('search.showFullName')} onClick={() => setIsFullShown(true)}>
            <InfoOutlined fontSize="inherit" />
          </IconButton>
        </Tooltip>
      )}
      {isBanned && (
        <Tooltip describeChild title={t('search.bannedExplanation')}>
          <WarningAmber color="warning" fontSize="small" titleAccess={t('search.banned')} />
        </Tooltip>
      )}
    </Stack>
  );
}
