import { RowIcon } from '../../components/row-icons';
import type { RowText } from '../../components/row-text';
import { useExportList } from '../export/export-store';

/** Adds a tag to the export list; shows "Exported" once it is there. */
export function AddButton({
  hashtag,
  count,
  isCompact,
  text,
}: {
  hashtag: string;
  count: number;
  isCompact: boolean;
  text: RowText;
}) {
  const { t, words } = text;
  const isExported = useExportList((state) => state.tags.some((tag) => tag.hashtag === hashtag));
  const add = useExportList((state) => state.add);
  const label = isExported ? t('search.exportedTag', { tag: hashtag }) : t('search.addTag', { tag: hashtag });
  const icon = isExported ? 'check' : 'add';
  return (
    <button
      type="button"
      className={isCompact ? 'ts-button ts-icon-button ts-primary' : 'ts-button ts-add'}
      // Not `disabled`: a focused button that is disabled drops the focus to the page, and someone
      // adding with the keyboard would start again from the top.
      aria-disabled={isExported}
      onClick={() => !isExported && add({ hashtag, count })}
      aria-label={label}
      data-tour="add"
    >
      <RowIcon name={icon} size={isCompact ? 'small' : 'medium'} />
      {!isCompact && (isExported ? words.exported : words.add)}
    </button>
  );
}
