/**
 * The brand's type, bundled with the app so every machine shows the same letters and no request
 * leaves for a font service: Inter, regular for text and semibold for headings, labels and buttons.
 * Latin subset only, woff2 first, and only the two weights in use (each is ~23 kB, counted in the
 * sign-in page's budget by `npm run size -w web`).
 */
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';

export const BODY_FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
export const HEADING_FONT = BODY_FONT;
