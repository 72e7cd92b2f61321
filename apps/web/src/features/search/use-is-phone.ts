import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Phone-sized screens (MUI xs): one pane at a time. Inside the Find pane, useIsCompact decides the layout. */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.only('xs'), { noSsr: true });
}
