import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Phone-sized screens (MUI xs): compact counts, cut names, one pane at a time. */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.only('xs'), { noSsr: true });
}
