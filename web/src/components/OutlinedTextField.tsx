import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type ReactNode } from 'react';

interface OutlinedTextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  autoFocus?: boolean;
}

/**
 * MUI's outlined TextField, put together from the same parts (label, outlined input, helper text,
 * linked by ids as TextField links them) for the signed-out screens: TextField itself imports Select
 * with its menu, popover and modal, ~10 kB gzip the sign-in page never uses (its weight budget).
 */
export function OutlinedTextField({
  name,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required = false,
  fullWidth = false,
  error = false,
  helperText,
  autoFocus = false,
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" required={required} fullWidth={fullWidth} error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={helperTextId}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
