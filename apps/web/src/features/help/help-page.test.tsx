import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { FeedbackDialog } from '../../shell/feedback-dialog';
import { useSession } from '../../shell/session-store';
import { useShellOverlays } from '../../shell/shell-overlays';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { testAppData } from '../appdata/test-app-data';
import { HelpPage } from './help-page';

const DEVICE_ID = '6f9619ff-8b86-4011-b42d-00c04fc964ff';

function renderHelp() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <HelpPage />
        <FeedbackDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the help page of a free visitor', () => {
  let calls: ServedCall[];
  beforeEach(() => {
    localStorage.setItem('uuID', DEVICE_ID);
    useSession.setState(testSession('free'));
    calls = serveFakeApi({
      'GET /api/appdata': { body: testAppData() },
      // Usage events the app queues: not what these tests look at.
      'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
      'POST /api/feedback': { status: 201, body: { id: 'feedback-1' } },
    });
  });
  afterEach(() => {
    resetApp();
    useShellOverlays.setState({ isTutorialOpen: false, isFeedbackOpen: false });
  });

  it('links the videos, holds the guide for the trial and Pro, and links restoring a purchase', () => {
    renderHelp();
    expect(screen.getByRole('heading', { name: 'Help', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Getting started' }).getAttribute('href')).toMatch(/^https:/);
    expect((screen.getByRole('button', { name: 'Restart the guide' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('The guide comes with the free trial and Pro.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Restore purchase' }).getAttribute('href')).toBe(
      '/upgrade?restore=1',
    );
  });

  it('says which version and device this is in About Tagscout', () => {
    renderHelp();
    fireEvent.click(screen.getByRole('button', { name: 'About Tagscout' }));
    const info = screen.getByRole('dialog', { name: 'About Tagscout' });
    expect(info.textContent).toContain('2.1.33');
    expect(info.textContent).toContain(DEVICE_ID);
    expect(info.textContent).toContain(`© ${new Date().getFullYear()} Tagscout`);
  });

  it('opens the tutorial', () => {
    renderHelp();
    fireEvent.click(screen.getByRole('button', { name: 'Watch the tutorial' }));
    expect(useShellOverlays.getState().isTutorialOpen).toBe(true);
  });

  it('sends feedback once something is written, and closes', async () => {
    renderHelp();
    fireEvent.click(await screen.findByRole('button', { name: 'Send feedback' }));
    const feedback = screen.getByRole('dialog', { name: 'Send feedback' });
    const submit = within(feedback).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(feedback).getByRole('textbox', { name: 'Your feedback' }), {
      target: { value: 'The related tags are great.' },
    });
    fireEvent.click(submit);
    await vi.waitFor(() => expect(useShellOverlays.getState().isFeedbackOpen).toBe(false));
    expect(calls.find((call) => call.url === '/api/feedback')?.body).toEqual({
      message: 'The related tags are great.',
      appVersion: '2.1.33',
    });
  });
});
