import Divider from '@mui/material/Divider';

export function OrDivider() {
  return <Divider sx={{ my: 2.5, color: 'text.secondary' }}>or</Divider>;
}
