import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CopyPlan, ExportTag } from '@tagscout/core/export';
import { LIMITS } from '@tagscout/core/limits';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings/settings-store';
import { AutoSelectNote } from './auto-select-note';
import { CopyFor } from './copy-for';
import { ExportFiltersPanel } from './export-filters-panel';
import { useExportList } from './export-store';

/**
 * The least the controls keep when the pane is short: Copy for and the Filters header; with Filters
 * open and shown from their top, the header and the post-count fields.
 */
export const CONTROLS_MIN_PX = 96;

/**
 * What sits above the export list (what the filters did, the help, Copy for, Filters), in a box that
 * scrolls on its own when the pane is short. Opening Filters, or a warning that Copy leaves tags out,
 * scrolls the box to them.
 */
export function ExportControls({ plan, chosen }: { plan: CopyPlan; chosen: readonly ExportTag[] }) {
  const { t } = useTranslation();
  const addedCount = useExportList((s) => s.addedCount);
  const helpHidden = useSettings((s) => s.exportHelpHidden);
  const updateSettings = useSettings((s) => s.update);
  const box = useRef<HTMLDivElement>(null);
  const [warningElement, setWarningElement] = useState<HTMLDivElement | null>(null);
  // While a warning that Copy leaves tags out shows, the box keeps room for all of it (a phone's
  // least room would cut it mid-sentence and hide its buttons), as it wraps anew (a turned phone,
  // another count); the list below keeps its rows, the pane scrolls if it must. As it appears (or
  // as the pane opens with it on a phone) it is scrolled into view, not left below the help; not
  // while a control in the box has the focus (the Filters' slider that made it appear would scroll
  // away under the hand).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => {
      const warningPx = warningElement ? warningElement.offsetHeight + WARNING_ROOM_PX : 0;
      element.style.minHeight = `${Math.max(CONTROLS_MIN_PX, warningPx)}px`;
    };
    fit();
    if (!warningElement) return;
    if (!element.contains(document.activeElement)) showFrom(element, warningElement);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(warningElement);
    return () => observer.disconnect();
  }, [warningElement]);

  return (
    <Box
      ref={box}
      data-testid="export-controls"
      // pt: the room an outlined field's label takes above it, so Copy for's is never cut when it is first.
      sx={{
        flex: '0 1 auto',
        overflowY: 'auto',
        pt: 1,
        borderBottom: 1,
        borderColor: 'divider',
        // Content that goes on below the box's edge fades out there (phones show no scroll bar); at the
        // end it is blank room below the last control.
        '&::after': {
          content: '""',
          display: 'block',
          position: 'sticky',
          bottom: 0,
          height: FADE_PX,
          pointerEvents: 'none',
          background: (theme) => `linear-gradient(transparent, ${theme.palette.background.paper})`,
        },
      }}
    >
      <AutoSelectNote />
      {addedCount >= LIMITS.helpAfterTagsAdded && !helpHidden && (
        <Alert
          severity="info"
          sx={{ mx: 2, mb: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => updateSettings({ exportHelpHidden: true })}
            >
              {t('export.hideHelp')}
            </Button>
          }
        >
          {t('export.help')}
        </Alert>
      )}
      <CopyFor plan={plan} chosen={chosen} warningRef={setWarningElement} />
      <ExportFiltersPanel onShown={(filters) => box.current && showFrom(box.current, filters)} />
    </Box>
  );
}

/** The height of the fade at the box's lower edge. */
const FADE_PX = 16;
/** Around a warning in the box: the box's top padding, the fade below it and a little air. */
const WARNING_ROOM_PX = 8 + FADE_PX + 8;

/** Scrolls `box` so `element` shows from its top (when not already whole in it). */
function showFrom(box: HTMLElement, element: HTMLElement) {
  const shown = box.getBoundingClientRect();
  const { top, bottom } = element.getBoundingClientRect();
  if (top >= shown.top && bottom <= shown.bottom) return;
  box.scrollTop += top - shown.top;
}
