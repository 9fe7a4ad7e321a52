import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** The alchemical fire triangle over a crucible: the brand mark. */
export function CrucibleLogo(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 32 32" {...props}>
      <path d="M16 4 28 26H4Z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
      <circle cx="16" cy="18.5" r="3.5" />
    </SvgIcon>
  );
}
