import { createTheme, type Theme } from '@mui/material/styles';

export const DRAWER_WIDTH = { desktop: 350, mobile: 300 } as const;

/** Whether the device asks for less motion (an accessibility setting of every major system). */
function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** Dialogs, drawers, menus and accordions appear at once instead of sliding, fading or growing. */
const NO_MOTION = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

/** Brand: red primary, teal secondary; without motion where the device asks for less. */
export function createAppTheme(reducedMotion: boolean): Theme {
  return createTheme({
    ...(reducedMotion ? { transitions: NO_MOTION } : {}),
    palette: {
      primary: { main: '#d32f2f' },
      secondary: { main: '#00897b' },
      background: { default: '#f6f6f7' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      ...(reducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none' } },
      },
      MuiTab: { styleOverrides: { root: { fontWeight: 600 } } },
    },
  });
}

export const theme = createAppTheme(prefersReducedMotion());
