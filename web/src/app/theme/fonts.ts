/**
 * The brand's type, bundled with the app so every machine shows the same letters and no request
 * leaves for a font service: Inter, regular for text and semibold for headings, labels and buttons.
 * `virtual:inter-subset.css` (web/scripts/vite-inter-subset.ts) is one woff2 of ~24 kB, cut at build
 * time to the characters the app writes; it is counted in the sign-in page's budget by `npm run size -w web`.
 */
import 'virtual:inter-subset.css';

export const BODY_FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
export const HEADING_FONT = BODY_FONT;
