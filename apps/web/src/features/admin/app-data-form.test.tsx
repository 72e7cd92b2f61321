import type { AdminAppDataResponse } from '@tagscout/core/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { testAdminAppData } from '../appdata/test-app-data';
import { AppDataForm } from './app-data-form';

const SAVED = testAdminAppData();

/** A server holding SAVED, which a PUT changes as the real one does (parts left out stay). */
function serveAppData(): ServedCall[] {
  let stored = SAVED;
  return serveFakeApi({
    'GET /api/admin/appdata': () => ({ body: stored }),
    'PUT /api/admin/appdata': (call) => {
      const change = call.body as Partial<AdminAppDataResponse>;
      stored = {
        ...stored,
        ...change,
        updatedAt: '2026-11-27T10:00:00.000Z',
        updatedBy: 'admin@example.com',
      };
      return { body: stored };
    },
  });
}

async function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AppDataForm />
    </QueryClientProvider>,
  );
  // By label and text, not by role: role queries over this long form are slow on a busy machine.
  return screen.findByLabelText('App data');
}

const saves = (calls: ServedCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe("the administrator's app data", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('holds the save of a message switched on without its text in both languages', async () => {
    const calls = serveAppData();
    await renderForm();
    fireEvent.click(screen.getByLabelText('Show the message'));
    fireEvent.change(screen.getByLabelText('Message in Portuguese'), {
      target: { value: 'As hashtags relacionadas estão em manutenção.' },
    });
    fireEvent.click(screen.getByText('Save app data'));
    await screen.findByText('Needed while the message is shown: visitors in English read this one.');
    expect(saves(calls)).toEqual([]);
  });

  it('switches the outage message on with its English and Portuguese text', async () => {
    const calls = serveAppData();
    await renderForm();
    fireEvent.click(screen.getByLabelText('Show the message'));
    fireEvent.change(screen.getByLabelText('Message in English'), {
      target: { value: 'Related tags are paused for maintenance.' },
    });
    fireEvent.change(screen.getByLabelText('Message in Portuguese'), {
      target: { value: 'As hashtags relacionadas estão em manutenção.' },
    });
    fireEvent.click(screen.getByText('Save app data'));
    await screen.findByText('App data saved');
    expect(saves(calls)).toMatchObject([
      {
        outage: {
          showMessage: true,
          en: 'Related tags are paused for maintenance.',
          pt: 'As hashtags relacionadas estão em manutenção.',
        },
      },
    ]);
  });

  it('sends the live event date, in the browser’s time zone, as the countdown in seconds; empty is none', async () => {
    const calls = serveAppData();
    await renderForm();
    fireEvent.change(screen.getByLabelText('Live event date'), { target: { value: '2026-12-01T18:30' } });
    fireEvent.click(screen.getByText('Save app data'));
    await screen.findByText('App data saved');
    expect(saves(calls)).toMatchObject([{ countDownDate: new Date(2026, 11, 1, 18, 30).getTime() / 1000 }]);

    // The saved date shows again, and an emptied field takes the countdown away.
    const field = (await screen.findByLabelText('Live event date')) as HTMLInputElement;
    expect(field.value).toBe('2026-12-01T18:30');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByText('Save app data'));
    await vi.waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(saves(calls)[1]).toMatchObject({ countDownDate: 0 });
  });

  it('says which version is not a version, beside it, instead of sending it for a generic refusal', async () => {
    const calls = serveAppData();
    await renderForm();
    fireEvent.change(screen.getByLabelText('Deployed version'), { target: { value: 'v2.1' } });
    fireEvent.change(screen.getByLabelText('Minimum app version'), { target: { value: '' } });
    fireEvent.click(screen.getByText('Save app data'));
    await screen.findByText('Write a version such as 2.1.33.');
    // Only the deployed version is wrong: an empty oldest version means none.
    expect(screen.getAllByText('Write a version such as 2.1.33.')).toHaveLength(1);
    expect(saves(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Deployed version'), { target: { value: ' 2.1 ' } });
    fireEvent.click(screen.getByText('Save app data'));
    await screen.findByText('App data saved');
    expect(saves(calls)).toMatchObject([{ deployedVersion: '2.1', minimumVersion: null }]);
  });

  it('says when the data was last changed in the visitor’s own date format', async () => {
    const calls = serveAppData();
    await i18n.changeLanguage('pt');
    try {
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <AppDataForm />
        </QueryClientProvider>,
      );
      fireEvent.click(await screen.findByText('Salvar dados do app'));
      await vi.waitFor(() => expect(saves(calls)).toHaveLength(1));
      // Saved on 27 November (the fake's time), written day first as Portuguese readers write it.
      expect(await screen.findByText(/^Última alteração em 27\/11\/2026/)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
