/** The edits of the composer's markdown toolbar, on the text and its selection. */
export type MarkdownAction = 'bold' | 'italic' | 'code' | 'link' | 'list' | 'quote';

export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

const WRAPS: Partial<Record<MarkdownAction, [string, string, string]>> = {
  bold: ['**', '**', 'bold text'],
  italic: ['_', '_', 'italic text'],
  code: ['`', '`', 'code'],
  link: ['[', '](https://)', 'link text'],
};
const LINE_PREFIXES: Partial<Record<MarkdownAction, string>> = { list: '- ', quote: '> ' };

/** Wraps the selection (or a placeholder, selected) in the action's marks, or prefixes each selected line. */
export function applyMarkdown(text: string, start: number, end: number, action: MarkdownAction): TextEdit {
  const wrap = WRAPS[action];
  if (wrap) {
    const [before, after, placeholder] = wrap;
    const selected = text.slice(start, end) || placeholder;
    return {
      text: text.slice(0, start) + before + selected + after + text.slice(end),
      selectionStart: start + before.length,
      selectionEnd: start + before.length + selected.length,
    };
  }
  const prefix = LINE_PREFIXES[action] ?? '';
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const block = text.slice(lineStart, end);
  const prefixed = block
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
  return {
    text: text.slice(0, lineStart) + prefixed + text.slice(end),
    selectionStart: start + prefix.length,
    selectionEnd: end + (prefixed.length - block.length),
  };
}
