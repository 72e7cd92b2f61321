import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/i18n';
import { MenuDrawer } from '../../shell/menu-drawer';
import { SIGNED_OUT, useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { SettingsPage } from './settings-page';
import { useSettings } from './settings-store';

const renderPage = () =>
  render(
    <MemoryRouter>
      <SettingsPage />
    </MemoryRouter>,
  );
// hidden: a dialog open over the page hides the switch from the accessibility tree.
const brandingSwitch = () =>
  screen.getByRole('switch', { name: 'Remove branding', hidden: true }) as HTMLInputElement;

describe('the settings page', () => {
  afterEach(resetApp);

  it('holds the branding switch until the account is known, so a customer is not offered Pro', () => {
    useSession.setState(SIGNED_OUT);
    renderPage();
    expect(brandingSwitch().disabled).toBe(true);
    fireEvent.click(brandingSwitch());
    expect(screen.queryByRole('dialog', { name: 'Pro feature' })).toBeNull();

    act(() => useSession.setState(testSession('CBcustomer')));
    expect(brandingSwitch().disabled).toBe(false);
    fireEvent.click(brandingSwitch());
    expect(brandingSwitch().checked).toBe(true);
    expect(useSettings.getState().brandingDisabled).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Pro feature' })).toBeNull();
  });

  // Issue 32 §8: the password, the address and the data are reached from Settings too.
  it('links the account page for a signed-in user, and not for a visitor without an account', () => {
    useSession.setState(testSession('emailTrial'));
    renderPage();
    const link = screen.getByRole('link', { name: 'Password, email address and your data' });
    expect(link.getAttribute('href')).toBe('/account');
    cleanup();
    useSession.setState(testSession('free'));
    renderPage();
    expect(screen.queryByRole('link', { name: 'Password, email address and your data' })).toBeNull();
  });

  it('offers Pro when a free visitor turns branding off, and leaves it on', () => {
    useSession.setState(testSession('free'));
    renderPage();
    fireEvent.click(brandingSwitch());
    expect(screen.getByRole('dialog', { name: 'Pro feature' })).toBeTruthy();
    expect(brandingSwitch().checked).toBe(false);
    expect(useSettings.getState().brandingDisabled).toBe(false);
  });

  it('switches the language, and starts in it next time', async () => {
    useSession.setState(testSession('free'));
    renderPage();
    try {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
      fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Português' }));
      await screen.findByRole('heading', { name: 'Configurações', level: 1 });
      expect(localStorage.getItem('language')).toBe('pt');
      // The app's language detector, as the next start runs it, finds the choice first.
      expect([i18n.services.languageDetector.detect()].flat()[0]).toBe('pt');

      cleanup();
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <MenuDrawer isOpen onClose={() => {}} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      const labels = within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((link) => link.querySelector('.MuiListItemText-primary')?.textContent);
      expect(labels).toEqual(['Pesquisar', 'Seja Pro', 'Entrar', 'Configurações', 'Ajuda', 'Siga-nos']);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('turns emojis off and orders related tags by relevance, for the search to use', () => {
    useSession.setState(testSession('free'));
    renderPage();
    fireEvent.click(screen.getByRole('switch', { name: 'Show and copy emojis' }));
    expect(useSettings.getState().emojisEnabled).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Order related tags by' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Relevance' }));
    expect(useSettings.getState().relatedRanking).toBe('spec');
  });
});
