import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Remove moderator?"
      message="They lose moderation of this forum."
      confirmLabel="Remove"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Remove moderator?' }) };
}

describe('ConfirmDialog', () => {
  it('focuses Cancel, so Enter keeps things as they are, and confirms only on its button', async () => {
    const { onConfirm, onCancel, dialog } = renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('focuses the confirming button when asked, and shows what the action applies to', async () => {
    const { onConfirm, dialog } = renderDialog({ focus: 'confirm', children: <blockquote>Hi Grace</blockquote> });
    expect(within(dialog).getByText('Hi Grace')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Remove' })));
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
