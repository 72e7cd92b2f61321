import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useExportList } from './export-store';

/** Names shown before "…": the count says how many there are. */
const NAMES_SHOWN = 5;

/**
 * What the filters did to the selection, while they choose (issue 32 §5): the tags ticked by hand that
 * they keep, and the tags they unticked, those of their last change first.
 */
export function AutoSelectNote() {
  const { t } = useTranslation();
  const applyFilter = useExportList((s) => s.applyFilter);
  const tags = useExportList((s) => s.tags);
  const selected = useExportList((s) => s.selected);
  const handTicked = useExportList((s) => s.handTicked);
  const filterUnticked = useExportList((s) => s.filterUnticked);
  if (!applyFilter) return null;

  const names = tags.map((tag) => tag.hashtag);
  const kept = names.filter((name) => handTicked.includes(name) && selected.includes(name));
  const unticked = names.filter((name) => !selected.includes(name));
  const latest = filterUnticked.filter((name) => unticked.includes(name));
  const ordered = [...latest, ...unticked.filter((name) => !latest.includes(name))];
  const parts = [
    kept.length > 0 && t('export.autoSelect.kept', { count: kept.length, tags: listed(kept) }),
    unticked.length > 0 && t('export.autoSelect.unticked', { count: unticked.length, tags: listed(ordered) }),
  ].filter((part) => part !== false);
  if (parts.length === 0) return null;

  return (
    <Typography
      variant="body2"
      color="text.secondary"
      role="status"
      data-testid="auto-select-note"
      sx={{ mx: 2, mb: 1, overflowWrap: 'anywhere' }}
    >
      {parts.join(' · ')}
    </Typography>
  );
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).map((name) => `#${name}`);
  return names.length > NAMES_SHOWN ? `${shown.join(' ')} …` : shown.join(' ');
}
