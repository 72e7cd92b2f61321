import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import './i18n/i18n';

import { isNetworkFailure } from './api/client';
import { RowIconSprite } from './components/row-icons';
import { rowStyles } from './components/row-styles';
import { AppRoutes } from './routes';
import { theme } from './theme';

// A request that got no answer (a short drop, a slow connection) is retried a few more times, with
// growing delays, before it counts as failed; one the server refused is retried once.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: (failures, error) => failures < (isNetworkFailure(error) ? 4 : 1),
      refetchOnWindowFocus: false,
    },
    // An action clicked offline fails at once with "Could not reach Tagscout" instead of waiting,
    // paused and unexplained, to fire by itself whenever the connection comes back.
    mutations: { networkMode: 'always' },
  },
});

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={rowStyles} />
      <RowIconSprite />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
