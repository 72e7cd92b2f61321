import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, saveScreenshot, startSeededServer } from './fixtures';

// Issue 35: "Check my tags" also suggests tags for the words of what was pasted, one click to add.
describe('tags for the words of a pasted caption', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openCheckTags(viewport: 'desktop' | 'phone', language: 'en' | 'pt' = 'en') {
    const opened = await newPage(browser, { baseURL: server.url, viewport, locale: language });
    await opened.context.addInitScript((id) => localStorage.setItem('uuID', id), randomUUID());
    const { page } = opened;
    await page.goto('/try');
    const box = page.getByRole('textbox', { name: language === 'pt' ? 'Texto da pesquisa' : 'Search text' });
    await box.fill('travel');
    await box.press('Enter');
    await page.getByTestId('result-row').first().waitFor();
    const addTravel =
      language === 'pt' ? 'Adicionar #travel à lista de exportação' : 'Add #travel to the export list';
    await page.getByRole('button', { name: addTravel, exact: true }).first().click();
    if (viewport === 'phone') {
      await page
        .getByRole('navigation', { name: language === 'pt' ? 'Encontrar ou exportar' : 'Find or export' })
        .getByRole('button', { name: /Export/ })
        .click();
    }
    await page
      .getByRole('button', { name: language === 'pt' ? 'Verificar minhas tags' : 'Check my tags' })
      .click();
    return opened;
  }

  const chipNames = async (page: Page) =>
    (await page.getByTestId('caption-suggestions').getByRole('button').allTextContents()).map((text) =>
      text.split(' ')[0]!.slice(1),
    );

  it('pastes a caption on a desktop, asks for tags for its words and adds one in one click', async () => {
    const { context, page } = await openCheckTags('desktop');
    const dialog = page.getByRole('dialog', { name: 'Check my tags' });
    await dialog
      .getByRole('textbox', { name: 'Caption or list of tags' })
      .fill('A trip to remember: wanderlust, adventure and a sunset in Lisbon #travel');
    await dialog.getByRole('button', { name: 'Check', exact: true }).click();
    await dialog.getByText('1 tag found.').waitFor();
    // A visitor's related searches are counted, so the words' tags come when asked for.
    await dialog.getByRole('button', { name: 'Suggest tags for these words' }).click();
    await dialog.getByTestId('caption-suggestions').waitFor();
    await dialog
      .getByText(/From your words: trip, remember, wanderlust, adventure, sunset, lisbon/)
      .waitFor();
    const names = await chipNames(page);
    // A free visitor sees the first 2, never the text's own #travel, and is told what Pro adds.
    expect(names.length).toBe(2);
    expect(names).not.toContain('travel');
    await dialog.getByText(/more suggestions? with the full version/).waitFor();
    await saveScreenshot(page, 'caption-tags-desktop');

    const pick = names[0]!;
    await dialog.getByRole('button', { name: `Add #${pick} to the list`, exact: true }).click();
    await dialog.getByLabel(`#${pick} is in the list`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const list = page.getByRole('list', { name: 'Export list' });
    await list.getByRole('checkbox', { name: `#${pick}` }).waitFor();
    expect(
      (
        await list
          .getByRole('checkbox')
          .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label')))
      ).sort(),
    ).toEqual([`#${pick}`, '#travel'].sort());
    await context.close();
  });

  it('works in Portuguese on a phone, from the keyboard', async () => {
    const { context, page } = await openCheckTags('phone', 'pt');
    const dialog = page.getByRole('dialog', { name: 'Verificar minhas tags' });
    await dialog
      .getByRole('textbox', { name: 'Legenda ou lista de tags' })
      .fill('Uma viagem inesquecível: trip, wanderlust e adventure na praia #viagem');
    await dialog.getByRole('button', { name: 'Verificar', exact: true }).click();
    await dialog.getByText('1 tag encontrada.').waitFor();
    await dialog.getByRole('button', { name: 'Sugerir tags para estas palavras' }).click();
    await dialog.getByTestId('caption-suggestions').waitFor();
    await dialog.getByText(/Das suas palavras: /).waitFor();
    const pick = (await chipNames(page))[0]!;
    const chip = dialog.getByRole('button', { name: `Adicionar #${pick} à lista`, exact: true });
    await chip.focus();
    await page.keyboard.press('Enter');
    await dialog.getByLabel(`#${pick} está na lista`).waitFor();
    await saveScreenshot(page, 'caption-tags-phone');
    await context.close();
  });
});
