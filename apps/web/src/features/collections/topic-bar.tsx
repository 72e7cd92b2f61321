import EditOutlined from '@mui/icons-material/EditOutlined';
import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../account/visually-hidden';
import { recordClick } from '../appdata/track';
import { useExportList } from '../export/export-store';
import { useTopicName } from './use-topic-name';

export interface TopicBarProps {
  onSave: () => void;
  onRename: () => void;
  isSaving: boolean;
}

/** The collection's name (with an asterisk while it has unsaved changes), rename and Save. */
export function TopicBar({ onSave, onRename, isSaving }: TopicBarProps) {
  const { t } = useTranslation();
  const isModified = useExportList((s) => s.isModified);
  const name = useTopicName();
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', gap: 0.5, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography
        variant="subtitle1"
        component="p"
        data-testid="topic-title"
        data-tour="topic-title"
        title={name}
        sx={{ fontWeight: 600, minWidth: 0, display: 'flex', alignItems: 'baseline' }}
      >
        {/* Only the name is cut short: the asterisk after it stays in sight. */}
        <Box
          component="span"
          sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </Box>
        {isModified && (
          <>
            <Typography
              component="span"
              color="primary"
              aria-hidden
              data-testid="topic-modified"
              sx={{ fontWeight: 700, flexShrink: 0 }}
            >
              *
            </Typography>
            <Box component="span" sx={visuallyHidden}>
              {t('topic.modified')}
            </Box>
          </>
        )}
      </Typography>
      <IconButton size="small" aria-label={t('topic.rename')} onClick={onRename} sx={{ mr: 'auto' }}>
        <EditOutlined fontSize="small" />
      </IconButton>
      <Button
        variant="contained"
        size="small"
        // Busy, not disabled, while saving, and only marked disabled once saved: the name dialog gives
        // the focus back to Save as it closes, and the focus stays there after the save (a disabled
        // button would drop it to the page, and a keyboard user would start again from the top).
        startIcon={isSaving ? <CircularProgress size={16} color="inherit" /> : <Save />}
        aria-disabled={!isModified}
        className={isModified ? undefined : 'Mui-disabled'}
        aria-busy={isSaving}
        onClick={() => {
          if (isSaving || !isModified) return;
          recordClick('saveClick');
          onSave();
        }}
        data-tour="save"
        sx={{ flexShrink: 0 }}
      >
        {t('common.save')}
      </Button>
    </Stack>
  );
}
