import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { QUARRY_BOUNDS } from '@tagscout/core/quarries';
import { useTranslation } from 'react-i18next';

/**
 * A list of words as chips: type one and press Enter (or leave the field) to add it; suggestions when
 * given (categories). Repeats are dropped.
 */
export function KeywordField({
  label,
  helperText,
  value,
  onChange,
  options = [],
}: {
  label: string;
  helperText?: string;
  value: string[];
  onChange: (value: string[]) => void;
  options?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={options}
      value={value}
      onChange={(_, next) =>
        onChange(unique(next.map((word) => word.trim()).filter(Boolean)).slice(0, QUARRY_BOUNDS.keywords))
      }
      renderValue={(words, getItemProps) =>
        words.map((word, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={word} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText ?? t('prospecting.filters.enterToAdd')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: QUARRY_BOUNDS.keywordChars },
          }}
        />
      )}
    />
  );
}

function unique(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
