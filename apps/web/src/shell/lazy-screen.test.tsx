import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { lazyScreen } from './lazy-screen';

/** What a browser's dynamic import rejects with when the server answered a screen's file 503. */
const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/login-page-x1.js');

function LoginScreen({ greeting }: { greeting: string }) {
  return <p>{greeting}</p>;
}

function BrokenScreen(): ReactNode {
  throw new Error('a bug in the screen');
}

/** The app's own boundary above the screens, for errors that are not a failed load. */
class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>outer caught it</p> : this.props.children;
  }
}

function renderScreen(Screen: ComponentType<{ greeting: string }>) {
  render(
    <Outer>
      <Suspense fallback={<p>loading</p>}>
        <Screen greeting="Sign in" />
      </Suspense>
    </Outer>,
  );
}

describe('lazyScreen', () => {
  beforeEach(() => {
    // React logs every error a boundary catches; these are the ones each test causes.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(async () => {
    vi.mocked(console.error).mockRestore();
    cleanup();
    await act(() => i18n.changeLanguage('en'));
  });

  it('says a screen failed to load and loads it again on Try again, without reloading the page', async () => {
    const load = vi
      .fn<() => Promise<typeof LoginScreen>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValue(LoginScreen);
    renderScreen(lazyScreen(load));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('This screen could not be loaded'),
    );
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Sign in')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('offers to reload the page once a retry failed too (a new version removed the old files)', async () => {
    const load = vi.fn<() => Promise<typeof LoginScreen>>().mockRejectedValue(chunkFailure());
    renderScreen(lazyScreen(load));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads the file again on a later visit after it failed, without Try again (React.lazy keeps a failure)', async () => {
    const load = vi
      .fn<() => Promise<typeof LoginScreen>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValue(LoginScreen);
    // Made once at module level, as routes.tsx does: every visit shows this same component.
    const Screen = lazyScreen(load);
    renderScreen(Screen);
    expect(await screen.findByRole('alert')).toBeTruthy();

    // The visitor goes to another screen and comes back.
    cleanup();
    renderScreen(Screen);

    expect(await screen.findByText('Sign in')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says it in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderScreen(lazyScreen(() => Promise.reject(chunkFailure())));
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível carregar esta tela');
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
  });

  it('leaves an error of the loaded screen itself to the boundaries above', async () => {
    renderScreen(lazyScreen(() => Promise.resolve(BrokenScreen)));
    expect(await screen.findByText('outer caught it')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
