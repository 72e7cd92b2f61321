import Check from '@mui/icons-material/Check';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';

const ICONS = { check: Check, expandLess: ExpandLess, expandMore: ExpandMore, add: PlaylistAdd } as const;
export type RowIconName = keyof typeof ICONS;

/**
 * The icons of table rows, drawn once per page as SVG symbols (App mounts it); each row shows them
 * through RowIcon, a plain <svg> that reuses the symbol instead of an MUI icon component per row.
 */
export function RowIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" style={{ position: 'absolute' }}>
      {Object.entries(ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`ts-icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** One of the row icons in the current text colour; `small` is MUI's small icon (20 px). */
export function RowIcon({ name, small = false }: { name: RowIconName; small?: boolean }) {
  return (
    <svg className={small ? 'ts-icon ts-small' : 'ts-icon'} aria-hidden="true" focusable="false">
      <use href={`#ts-icon-${name}`} />
    </svg>
  );
}
