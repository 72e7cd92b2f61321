import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Phone-sized screens (MUI xs): one pane at a time. Inside the Find pane, useIsCompact decides the layout. */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.only('xs'), { noSsr: true });
}

/**
 * Where a toast of the search screen sits on a phone: above its pane bar (56 px), not over it;
 * MUI's own 24 px from sm up (a breakpoint given here replaces MUI's at every width).
 */
export const TOAST_ABOVE_PANE_BAR = { bottom: { xs: 64, sm: 24 } } as const;
