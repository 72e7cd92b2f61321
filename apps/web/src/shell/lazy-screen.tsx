import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  useReducer,
} from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A screen whose code loads on first use. When its file cannot be loaded (the server was busy, the
 * connection dropped, or a new version removed it), the screen says so and Try again loads it again.
 * The page is never reloaded behind the visitor's back (that lost what they were doing); once a retry
 * failed too, they are offered a reload, which also fetches a new version's files.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const loadScreen = (): LazyExoticComponent<ComponentType<P>> => {
    const screen = lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          throw new ScreenLoadError(error, screen);
        },
      ),
    );
    return screen;
  };
  // Shared by every place the screen is shown, so its file is fetched once.
  let Screen = loadScreen();
  const handleLoadFailure = (failure: ScreenLoadError) => {
    // React keeps a lazy component's failure. Once the failure is on screen a new one takes its place
    // (not before: React renders again on the failure, which would then load without end), so Try
    // again and a later visit to the screen both load the file again.
    if (Screen === failure.screen) Screen = loadScreen();
  };
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, as React.lazy is.
  function LazyScreen(props: P) {
    const [, rerender] = useReducer((count: number) => count + 1, 0);
    return (
      <LoadFailureBoundary onLoadFailure={handleLoadFailure} onRetry={rerender}>
        <Screen {...props} />
      </LoadFailureBoundary>
    );
  }
  return LazyScreen;
}

/** A screen's file could not be loaded (as opposed to an error of the screen once loaded). */
class ScreenLoadError extends Error {
  constructor(
    cause: unknown,
    /** The lazy component that failed, to be replaced by a new one. */
    readonly screen: unknown,
  ) {
    super('A screen could not be loaded', { cause });
  }
}

interface BoundaryProps {
  onLoadFailure: (failure: ScreenLoadError) => void;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  retries: number;
}

class LoadFailureBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof ScreenLoadError) this.props.onLoadFailure(error);
  }

  handleRetry = () => {
    this.setState(({ retries }) => ({ error: null, retries: retries + 1 }));
    this.props.onRetry();
  };

  override render() {
    const { error, retries } = this.state;
    if (error === null) return this.props.children;
    // Other errors belong to the boundaries above.
    if (!(error instanceof ScreenLoadError)) throw error;
    return <ScreenLoadFailure hasRetried={retries > 0} onRetry={this.handleRetry} />;
  }
}

function ScreenLoadFailure({ hasRetried, onRetry }: { hasRetried: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{t('shell.screenLoadFailed')}</Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={onRetry}>
          {t('common.retry')}
        </Button>
        {hasRetried && <Button onClick={() => window.location.reload()}>{t('shell.reloadPage')}</Button>}
      </Stack>
    </Box>
  );
}
