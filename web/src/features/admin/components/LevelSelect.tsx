import type { AccessLevel } from '@crucible/proto';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A select of access levels (or forum levels, a subset), in the order given. */
export function LevelSelect<Level extends AccessLevel>({
  label,
  value,
  levels,
  onChange,
}: {
  label: string;
  value: Level;
  levels: readonly Level[];
  onChange: (level: Level) => void;
}) {
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value as Level)}>
      {levels.map((level) => (
        <MenuItem key={level} value={level}>
          {level}
        </MenuItem>
      ))}
    </TextField>
  );
}
