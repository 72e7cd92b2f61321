import WarningAmber from '@mui/icons-material/WarningAmber';
import type { SxProps, Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { RowText } from '../../components/row-text';

/** The warning beside a banned tag, wherever a tag is listed, with why on hover. */
export function BannedMark({ text, sx }: { text: RowText; sx?: SxProps<Theme> }) {
  return (
    <Tooltip describeChild title={text.t('search.bannedExplanation')}>
      <WarningAmber color="warning" fontSize="small" titleAccess={text.t('search.banned')} sx={sx} />
    </Tooltip>
  );
}
