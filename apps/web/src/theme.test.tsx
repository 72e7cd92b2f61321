import { Dialog } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

afterEach(cleanup);

function openDialogStyle(reducedMotion: boolean): string {
  render(
    <ThemeProvider theme={createAppTheme(reducedMotion)}>
      <Dialog open aria-label="Example">
        <p>Hello</p>
      </Dialog>
    </ThemeProvider>,
  );
  screen.getByText('Hello');
  // The paper's container carries the fade MUI gives a dialog.
  return document.querySelector<HTMLElement>('.MuiDialog-container')!.style.transition;
}

describe('the theme and the reduced-motion setting', () => {
  it('fades dialogs in on a device that has no motion setting', () => {
    expect(openDialogStyle(false)).toMatch(/opacity \d+ms/);
  });

  it('shows dialogs at once, with no fade, where the device asks for less motion', () => {
    expect(openDialogStyle(true)).toBe('none');
  });
});
