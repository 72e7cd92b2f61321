import Check from '@mui/icons-material/Check';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Search from '@mui/icons-material/Search';
import SubdirectoryArrowRight from '@mui/icons-material/SubdirectoryArrowRight';

const ICONS = {
  check: Check,
  expandLess: ExpandLess,
  expandMore: ExpandMore,
  add: PlaylistAdd,
  search: Search,
  subRow: SubdirectoryArrowRight,
} as const;
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

const SIZE_CLASSES = { medium: 'ts-icon', small: 'ts-icon ts-small', inherit: 'ts-icon ts-inherit' } as const;

/**
 * One of the row icons in the current text colour (`isMuted`: a disabled control's), as large as MUI's
 * medium (24 px) or small (20 px) icons, or as the text around it.
 */
export function RowIcon({
  name,
  size = 'medium',
  isMuted = false,
}: {
  name: RowIconName;
  size?: keyof typeof SIZE_CLASSES;
  isMuted?: boolean;
}) {
  const className = isMuted ? `${SIZE_CLASSES[size]} ts-muted` : SIZE_CLASSES[size];
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`#ts-icon-${name}`} />
    </svg>
  );
}
