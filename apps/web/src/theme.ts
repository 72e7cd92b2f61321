import { createTheme } from '@mui/material/styles';

export const DRAWER_WIDTH = { desktop: 350, mobile: 300 } as const;

/** Brand: red primary, teal secondary. */
export const theme = createTheme({
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
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    MuiTab: { styleOverrides: { root: { fontWeight: 600 } } },
  },
});
