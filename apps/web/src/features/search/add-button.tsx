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
      {!isCompact && <AddLabel shown={isExported ? words.exported : words.add} words={words} />}
    </button>
  );
}

/**
 * The button's word, as wide as the wider of "Add" and "Exported" (the other one is laid out
 * unseen), so adding a tag does not move the table's columns.
 */
function AddLabel({ shown, words }: { shown: string; words: RowText['words'] }) {
  return (
    <span className="ts-add-label">
      <span>{shown}</span>
      <span aria-hidden="true">{shown === words.add ? words.exported : words.add}</span>
    </span>
  );
}

/**
 * An unseen Add button for the column's header: the column keeps its width while no row shows one
 * (a place's results), so opening a place's related tags does not move the other columns.
 */
export function AddColumnSizer({ isCompact, text }: { isCompact: boolean; text: RowText }) {
  return (
    <span
      aria-hidden="true"
      className={`ts-column-sizer ${isCompact ? 'ts-button ts-icon-button' : 'ts-button ts-add'}`}
    >
      <RowIcon name="add" size={isCompact ? 'small' : 'medium'} />
      {!isCompact && <AddLabel shown={text.words.add} words={text.words} />}
    </span>
  );
}
