import Check from '@mui/icons-material/Check';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useExportList } from '../export/export-store';

/** Adds a tag to the export list; shows "Exported" once it is there. */
export function AddButton({
  hashtag,
  count,
  isCompact,
}: {
  hashtag: string;
  count: number;
  isCompact: boolean;
}) {
  const { t } = useTranslation();
  const isExported = useExportList((state) => state.tags.some((tag) => tag.hashtag === hashtag));
  const add = useExportList((state) => state.add);
  const label = isExported ? t('search.exportedTag', { tag: hashtag }) : t('search.addTag', { tag: hashtag });
  if (isCompact) {
    return (
      <IconButton
        size="small"
        color={isExported ? 'success' : 'primary'}
        disabled={isExported}
        onClick={() => add({ hashtag, count })}
        aria-label={label}
        data-tour="add"
      >
        {isExported ? <Check fontSize="small" /> : <PlaylistAdd fontSize="small" />}
      </IconButton>
    );
  }
  return (
    <Button
      size="small"
      variant={isExported ? 'text' : 'outlined'}
      color={isExported ? 'success' : 'primary'}
      disabled={isExported}
      startIcon={isExported ? <Check /> : <PlaylistAdd />}
      onClick={() => add({ hashtag, count })}
      data-tour="add"
      aria-label={
        isExported ? t('search.exportedTag', { tag: hashtag }) : t('search.addTag', { tag: hashtag })
      }
      sx={{ whiteSpace: 'nowrap', minWidth: 0 }}
    >
      {isExported ? t('search.exported') : t('search.add')}
    </Button>
  );
}
