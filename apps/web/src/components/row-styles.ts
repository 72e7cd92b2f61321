import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '../features/account/visually-hidden';

/**
 * The styles of table rows' parts (tag names, post counts, trends, Add and drill buttons), given once
 * for the whole app (App mounts them with GlobalStyles). A search draws 50 rows at a time: as plain
 * elements with these classes they cost a fraction of MUI's styled components (issue 33), and look as
 * MUI's small buttons, links and table cells do.
 */
export function rowStyles(theme: Theme) {
  const { palette, typography, shape } = theme;
  const { action } = palette;
  const hover = (color: string) => theme.alpha(color, action.hoverOpacity);
  return {
    '.ts-row > td': {
      ...typography.body2,
      padding: '6px 16px',
      borderBottom: `1px solid ${theme.lighten(theme.alpha(palette.divider, 1), 0.88)}`,
      textAlign: 'left',
      verticalAlign: 'inherit',
    },
    '.ts-row:hover': { backgroundColor: action.hover },
    '.ts-row.is-selected': { backgroundColor: theme.alpha(palette.primary.main, action.selectedOpacity) },
    '.ts-row.is-selected:hover': {
      backgroundColor: theme.alpha(palette.primary.main, action.selectedOpacity + action.hoverOpacity),
    },
    '.ts-row > td.ts-right': { textAlign: 'right' },
    '.ts-row > td.ts-center': { textAlign: 'center' },
    '.ts-button': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'relative',
      boxSizing: 'border-box',
      margin: 0,
      padding: 0,
      border: 0,
      borderRadius: 0,
      backgroundColor: 'transparent',
      color: 'inherit',
      font: 'inherit',
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      appearance: 'none',
      WebkitTapHighlightColor: 'transparent',
      outline: 0,
      transition: theme.transitions.create(['background-color', 'border-color', 'color'], {
        duration: theme.transitions.duration.short,
      }),
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 1 },
      '&:disabled, &[aria-disabled="true"]': { cursor: 'default', pointerEvents: 'none' },
    },
    '.ts-icon-button': {
      padding: 5,
      borderRadius: '50%',
      fontSize: typography.pxToRem(18),
      color: action.active,
      '@media (hover: hover)': { '&:hover': { backgroundColor: hover(action.active) } },
      '&.ts-primary': {
        color: palette.primary.main,
        '@media (hover: hover)': { '&:hover': { backgroundColor: hover(palette.primary.main) } },
      },
      '&:disabled, &[aria-disabled="true"]': { color: action.disabled },
    },
    '.ts-icon': {
      display: 'inline-block',
      width: '1em',
      height: '1em',
      flexShrink: 0,
      fill: 'currentColor',
      fontSize: typography.pxToRem(24),
    },
    '.ts-icon.ts-small': { fontSize: typography.pxToRem(20) },
    '.ts-icon.ts-inherit': { fontSize: 'inherit' },
    '.ts-icon.ts-muted': { color: action.disabled },
    '.ts-add': {
      ...typography.button,
      fontSize: typography.pxToRem(13),
      // As the theme's buttons: "Add", not "ADD".
      textTransform: 'none',
      padding: '3px 9px',
      border: `1px solid ${theme.alpha(palette.primary.main, 0.5)}`,
      borderRadius: shape.borderRadius,
      color: palette.primary.main,
      whiteSpace: 'nowrap',
      '@media (hover: hover)': {
        '&:hover': { backgroundColor: hover(palette.primary.main), borderColor: palette.primary.main },
      },
      // Exported keeps the button's size (its border unseen): the columns stay where they are.
      '&:disabled, &[aria-disabled="true"]': { borderColor: 'transparent', color: action.disabled },
      '& .ts-icon': { fontSize: 18, marginLeft: -2, marginRight: 8 },
    },
    '.ts-add-label': { display: 'inline-grid', justifyItems: 'center' },
    '.ts-add-label > span': { gridArea: '1 / 1' },
    '.ts-add-label > [aria-hidden="true"]': { visibility: 'hidden' },
    // Lays out a column's widest content without showing it or taking height (AddColumnSizer).
    '.ts-column-sizer': {
      display: 'flex',
      visibility: 'hidden',
      height: 0,
      paddingTop: 0,
      paddingBottom: 0,
      borderTopWidth: 0,
      borderBottomWidth: 0,
      overflow: 'hidden',
    },
    // A press shows at once, on touch screens too (MUI's ripple did): the button's colour at 12%.
    '.ts-button:active:not(:disabled):not([aria-disabled="true"])': {
      backgroundColor: `color-mix(in srgb, currentColor ${action.focusOpacity * 100}%, transparent)`,
    },
    '.ts-name-box': { display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 },
    '.ts-name': {
      color: palette.primary.main,
      fontWeight: 500,
      textDecoration: 'none',
      wordBreak: 'break-word',
      '&:hover': { textDecoration: 'underline' },
    },
    '.ts-count': { ...typography.body2, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    '.ts-trend': { borderRadius: shape.borderRadius, padding: '2px 4px' },
    '.ts-trend-line': { display: 'flex', alignItems: 'center', gap: 6 },
    '.ts-trend-line.is-compact': { flexDirection: 'column', gap: 0 },
    '.ts-sparkline': { display: 'block', color: palette.text.secondary },
    '.ts-caption': { ...typography.caption, whiteSpace: 'nowrap', color: palette.text.secondary },
    '.ts-caption.ts-up': { color: palette.success.main, fontVariantNumeric: 'tabular-nums' },
    '.ts-caption.ts-down': { color: palette.error.main, fontVariantNumeric: 'tabular-nums' },
    '.ts-caption.ts-flat': { fontVariantNumeric: 'tabular-nums' },
    '.ts-why': { display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 300 },
    '.ts-why > .ts-caption': { whiteSpace: 'normal' },
    '.ts-why-bar': {
      display: 'block',
      height: 3,
      borderRadius: shape.borderRadius,
      backgroundColor: action.hover,
      overflow: 'hidden',
    },
    '.ts-why-bar > span': { display: 'block', height: '100%', backgroundColor: palette.primary.light },
    '.ts-skeleton': {
      display: 'inline-block',
      verticalAlign: 'middle',
      height: 20,
      borderRadius: shape.borderRadius,
      backgroundColor: theme.alpha(palette.text.primary, 0.11),
      animation: 'ts-pulse 2s ease-in-out 0.5s infinite',
      '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
    },
    '@keyframes ts-pulse': { '0%': { opacity: 1 }, '50%': { opacity: 0.4 }, '100%': { opacity: 1 } },
    '.ts-visually-hidden': visuallyHidden,
  } as const;
}
