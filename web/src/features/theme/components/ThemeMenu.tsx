import CheckIcon from '@mui/icons-material/Check';
import PaletteIcon from '@mui/icons-material/Palette';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { THEME_LABELS, THEME_NAMES } from '../theme-names.ts';
import { useThemePreference } from '../theme-preference.tsx';

export function ThemeMenu() {
  const { themeName, setThemeName } = useThemePreference();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  return (
    <>
      <Tooltip title="Colour theme">
        <IconButton
          color="inherit"
          aria-label="Colour theme"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {THEME_NAMES.map((name) => (
          <MenuItem
            key={name}
            role="menuitemradio"
            aria-checked={name === themeName}
            selected={name === themeName}
            onClick={() => {
              setThemeName(name);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{name === themeName && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{THEME_LABELS[name]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
