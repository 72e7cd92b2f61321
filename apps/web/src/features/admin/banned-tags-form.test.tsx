import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedCall, serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { BannedTagsForm } from './banned-tags-form';

function serveBannedTags(): ServedCall[] {
  let stored = ['dating', 'alone'];
  return serveFakeApi({
    'GET /api/banned-tags': () => ({ body: { bannedTags: stored } }),
    'PUT /api/admin/banned-tags': (call) => {
      stored = (call.body as { tags: string[] }).tags;
      return { body: { bannedTags: stored, rejected: [] } };
    },
  });
}

const saves = (calls: ServedCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe("the administrator's banned tags", () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('names the line that is too long to be a tag, in the visitor’s language, instead of a refusal for the whole list', async () => {
    const calls = serveBannedTags();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BannedTagsForm />
      </QueryClientProvider>,
    );
    const field = await screen.findByLabelText('Banned tags');
    const long = `spam${'x'.repeat(120)}`;
    fireEvent.change(field, { target: { value: `dating\nalone\n${long}` } });
    fireEvent.click(screen.getByText('Save banned tags'));
    expect(
      await screen.findByText(/^Line 3 \(spamxxxxxxxxxxxxxxxx…\) is longer than 100 characters/),
    ).toBeTruthy();
    expect(saves(calls)).toEqual([]);

    await i18n.changeLanguage('pt');
    expect(
      await screen.findByText(/^A linha 3 \(spamxxxxxxxxxxxxxxxx…\) tem mais de 100 caracteres/),
    ).toBeTruthy();
    await i18n.changeLanguage('en');

    fireEvent.change(field, { target: { value: 'dating\nalone\nspam' } });
    fireEvent.click(screen.getByText('Save banned tags'));
    expect(await screen.findByText('3 banned tags saved')).toBeTruthy();
    expect(saves(calls)).toEqual([{ tags: ['dating', 'alone', 'spam'] }]);
  });
});
