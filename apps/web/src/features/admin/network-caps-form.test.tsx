import type { NetworkCaps } from '@tagscout/core/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { testAdminAppData } from '../appdata/test-app-data';
import { NetworkCapsForm } from './network-caps-form';

/** The admin app data as the server answers it, with these copy-limit overrides. */
const adminAppData = (networkCaps: NetworkCaps) =>
  testAdminAppData({ networkCaps, updatedAt: '2026-11-27T10:00:00.000Z', updatedBy: 'admin@example.com' });

/** A server holding `saved`, which a PUT replaces as the real one does. */
function serveAppData(saved: NetworkCaps): ServedCall[] {
  let stored = saved;
  return serveFakeApi({
    'GET /api/admin/appdata': () => ({ body: adminAppData(stored) }),
    'PUT /api/admin/appdata': (call) => {
      stored = (call.body as { networkCaps: NetworkCaps }).networkCaps;
      return { body: adminAppData(stored) };
    },
  });
}

async function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NetworkCapsForm />
    </QueryClientProvider>,
  );
  // By label and text, not by role: the table's 10 fields make role queries slow on a busy machine.
  const instagram = (await screen.findByLabelText('Hashtags a post on Instagram')) as HTMLInputElement;
  const form = instagram.closest('form')!;
  expect(form.getAttribute('aria-labelledby')).toBe('network-caps');
  expect(screen.getByText('Copy limits per network').id).toBe('network-caps');
  const save = () => fireEvent.click(within(form).getByText('Save copy limits'));
  return { form, instagram, save };
}

const puts = (calls: ServedCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe("the administrator's copy limits per network", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows core's rule in grey in an empty field", async () => {
    serveAppData({});
    const { instagram } = await renderForm();
    expect(instagram.placeholder).toBe('5');
    expect(instagram.value).toBe('');
  });

  it('shows the saved override in its field', async () => {
    serveAppData({ instagram: { hashtagCap: 3 } });
    expect((await renderForm()).instagram.value).toBe('3');
  });

  it('refuses a wrong number clearly and sends nothing', async () => {
    const calls = serveAppData({});
    const { form, instagram, save } = await renderForm();
    fireEvent.change(instagram, { target: { value: 'three' } });
    save();
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'One number is not right: fix the highlighted field and save again.',
    );
    expect(within(form).getByText('A whole number, 0 to 100,000')).toBeTruthy();
    expect(instagram.getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toEqual([]);
  });

  it("refuses a number above core's largest cap, and saves it once corrected", async () => {
    const calls = serveAppData({});
    const { form, instagram, save } = await renderForm();
    fireEvent.change(instagram, { target: { value: '100001' } });
    save();
    await within(form).findByRole('alert');
    expect(instagram.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(instagram, { target: { value: ' 100000 ' } });
    await waitFor(() => expect(form.querySelector('[role="alert"]')).toBeNull());
    save();
    await within(form).findByText(/^Saved\./);
    expect(puts(calls)).toEqual([{ networkCaps: { instagram: { hashtagCap: 100_000 } } }]);
  });

  it('saves a number as the override, and an emptied field goes back to the rule in core', async () => {
    const calls = serveAppData({});
    const { form, instagram, save } = await renderForm();
    fireEvent.change(instagram, { target: { value: '3' } });
    save();
    await within(form).findByText(/^Saved\./);
    expect(form.querySelector('[role="alert"]')).toBeNull();

    // The saved answer starts the editor again from it: the field is found anew.
    const saved = within(form).getByLabelText('Hashtags a post on Instagram');
    expect((saved as HTMLInputElement).value).toBe('3');
    fireEvent.change(saved, { target: { value: '' } });
    save();
    await within(form).findByText(/^Saved\./);
    expect(puts(calls)).toEqual([{ networkCaps: { instagram: { hashtagCap: 3 } } }, { networkCaps: {} }]);
  });
});
