import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SelectionStrategy } from '@tagscout/core/export';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCapabilities } from '../../shell/session-store';
import { useExportList } from './export-store';

const SLIDER_MAX_PREMIUM = 60;

/**
 * Post-count range, selection strategy and how many tags the auto selection picks; `onShown` gets the
 * panel once it has opened.
 */
export function ExportFiltersPanel({ onShown }: { onShown: (panel: HTMLElement) => void }) {
  const { t, i18n } = useTranslation();
  const shown = (value: number | null) =>
    value === null ? '' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(value);
  const caps = useCapabilities();
  const filters = useExportList((s) => s.filters);
  const setFilters = useExportList((s) => s.setFilters);
  const sliderMax = Math.min(caps.maxSelectionCount, SLIDER_MAX_PREMIUM);
  const [min, max] = filters.postCount;
  const panel = useRef<HTMLDivElement>(null);
  // As it starts to open (at once where the device asks for less motion) and when it has grown.
  const handleShown = () => panel.current && onShown(panel.current);

  // Typed digits only; shown with the language's thousands separators (1,000,000 / 1.000.000).
  const setBound = (index: 0 | 1, text: string) => {
    const digits = text.replace(/\D/g, '').slice(0, 15);
    const value = digits === '' ? null : Number(digits);
    const postCount: [number | null, number | null] = [...filters.postCount];
    postCount[index] = value;
    setFilters({ postCount });
  };

  return (
    <Accordion
      ref={panel}
      disableGutters
      variant="outlined"
      sx={{ mx: 2 }}
      data-tour="export-filters"
      slotProps={{ transition: { onEntering: handleShown, onEntered: handleShown } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography variant="subtitle2">{t('export.filters.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack sx={{ gap: 2 }}>
          <Stack direction="row" sx={{ gap: 1.5 }}>
            <TextField
              label={t('export.filters.minPosts')}
              size="small"
              value={shown(min)}
              onChange={(event) => setBound(0, event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label={t('export.filters.maxPosts')}
              size="small"
              value={shown(max)}
              onChange={(event) => setBound(1, event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
          {min !== null && max !== null && min > max && (
            <Typography variant="caption" color="error">
              {t('export.filters.minAboveMax')}
            </Typography>
          )}
          <div>
            <FormLabel id="strategy-label">{t('export.filters.strategy')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="strategy-label"
              value={
                filters.selectionStrategy === SelectionStrategy.lowestPostCount
                  ? SelectionStrategy.lowestPostCount
                  : SelectionStrategy.random
              }
              onChange={(event) => setFilters({ selectionStrategy: event.target.value })}
            >
              <FormControlLabel
                value={SelectionStrategy.lowestPostCount}
                control={<Radio size="small" />}
                label={t('export.filters.lowest')}
              />
              <FormControlLabel
                value={SelectionStrategy.random}
                control={<Radio size="small" />}
                label={t('export.filters.random')}
              />
            </RadioGroup>
          </div>
          <div>
            <Typography id="count-label" variant="body2" gutterBottom>
              {t('export.filters.count', { count: Math.min(filters.selectionCount, sliderMax) })}
            </Typography>
            <Slider
              aria-labelledby="count-label"
              min={1}
              max={sliderMax}
              value={Math.min(filters.selectionCount, sliderMax)}
              onChange={(_, value) => setFilters({ selectionCount: value as number })}
              valueLabelDisplay="auto"
            />
          </div>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
