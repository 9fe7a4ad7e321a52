import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { QuickReply } from './QuickReply.tsx';
import { ReplyDialog } from './ReplyDialog.tsx';

const DISCUSSION = '0b6f2c1e-1111-4a2b-8c3d-123456789abc';

/** The reply dialog and the quick reply carry the create dialog's formatting toolbar, the same component. */
describe('reply composers', () => {
  it('formats the selection in the reply dialog and posts the marked-up text', async () => {
    const fetchMock = stubApi({
      [`POST /api/discussions/${DISCUSSION}/replies`]: () => ({ status: 500, body: { statusCode: 500, message: 'x' } }),
    });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ReplyDialog
          open
          onClose={() => {}}
          discussionId={DISCUSSION}
          discussionTitle="Retros"
          discussionLevel="Journeyman"
        />
      </AppProviders>,
    );
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText(/^Your reply/) as HTMLTextAreaElement;
    await user.type(field, 'make this bold');
    field.setSelectionRange(10, 14);
    await user.click(within(within(dialog).getByRole('toolbar', { name: 'Formatting' })).getByLabelText('Bold'));
    expect(field.value).toBe('make this **bold**');

    await user.click(within(dialog).getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/replies'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ content: 'make this **bold**' });
  });

  it('formats the quick reply too', async () => {
    stubApi({});
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <QuickReply discussionId={DISCUSSION} discussionLevel="Journeyman" />
      </AppProviders>,
    );
    const form = screen.getByRole('form', { name: 'Quick reply' });
    const field = within(form).getByLabelText(/^Write a reply/) as HTMLTextAreaElement;
    await user.type(field, 'see');
    field.setSelectionRange(0, 3);
    await user.click(within(form).getByLabelText('Italic'));
    expect(field.value).toBe('_see_');
    expect(within(form).getByRole('tab', { name: 'Preview' })).toBeTruthy();
  });

  it('closes the mention list with Escape, not the reply dialog', async () => {
    const fetchMock = stubApi({
      'GET /api/users/search': () => ({
        status: 200,
        body: [
          {
            id: DISCUSSION,
            email: null,
            firstName: 'Ann',
            lastName: 'Lee',
            profileImageUrl: null,
            accessLevel: 'Core',
          },
        ],
      }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ReplyDialog
          open
          onClose={onClose}
          discussionId={DISCUSSION}
          discussionTitle="Retros"
          discussionLevel="Journeyman"
        />
      </AppProviders>,
    );
    await user.type(screen.getByLabelText(/^Your reply/), 'Hi @an');
    await screen.findByRole('listbox', { name: 'Members to mention' });
    // Only members who can read the discussion are offered.
    const searched = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/api/users/search'));
    expect(searched.at(-1)).toContain('minAccessLevel=Journeyman');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

/** The text field's accessible description: the error text MUI links with aria-describedby. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function sendFromPreview(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, send: string) {
  await user.click(within(scope).getByRole('tab', { name: 'Preview' }));
  expect(within(scope).getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
  await user.click(within(scope).getByRole('button', { name: send }));
}

describe('a reply that fails while Preview shows', () => {
  const refused = () => ({ status: 400, body: { statusCode: 400, message: 'Reply refused by the server' } });

  function renderReplyDialog() {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ReplyDialog
          open
          onClose={() => {}}
          discussionId={DISCUSSION}
          discussionTitle="Retros"
          discussionLevel="Journeyman"
        />
      </AppProviders>,
    );
    const dialog = screen.getByRole('dialog');
    return { dialog, field: within(dialog).getByRole('combobox', { name: /^Your reply/ }) };
  }

  function renderQuickReply() {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <QuickReply discussionId={DISCUSSION} discussionLevel="Journeyman" />
      </AppProviders>,
    );
    const form = screen.getByRole('form', { name: 'Quick reply' });
    return { form, field: within(form).getByRole('combobox', { name: /^Write a reply/ }) };
  }

  it('in the reply dialog, an empty reply goes back to Write and focuses the field with its error text', async () => {
    stubApi({});
    const user = userEvent.setup();
    const { dialog, field } = renderReplyDialog();
    await sendFromPreview(user, dialog, 'Post Reply');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(dialog).getByRole('tab', { name: 'Write' }).getAttribute('aria-selected')).toBe('true');
    expect(descriptionOf(field)).toContain('Reply content is required');
  });

  it('in the reply dialog, a refused reply goes back to Write and focuses the field', async () => {
    stubApi({ [`POST /api/discussions/${DISCUSSION}/replies`]: refused });
    const user = userEvent.setup();
    const { dialog, field } = renderReplyDialog();
    await user.type(field, 'A reply');
    await sendFromPreview(user, dialog, 'Post Reply');
    expect(await screen.findByText('Reply refused by the server')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(dialog).getByRole('tab', { name: 'Write' }).getAttribute('aria-selected')).toBe('true');
    expect((field as HTMLTextAreaElement).value).toBe('A reply');
  });

  it('in the quick reply, an empty or refused reply goes back to Write and focuses the field with the reason', async () => {
    stubApi({ [`POST /api/discussions/${DISCUSSION}/replies`]: refused });
    const user = userEvent.setup();
    const { form, field } = renderQuickReply();
    await sendFromPreview(user, form, 'Post');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(form).getByRole('tab', { name: 'Write' }).getAttribute('aria-selected')).toBe('true');
    expect(descriptionOf(field)).toContain('Please enter a reply message.');

    await user.type(field, 'A reply');
    await sendFromPreview(user, form, 'Post');
    await waitFor(() => expect(descriptionOf(field)).toContain('Reply refused by the server'));
    expect(document.activeElement).toBe(field);
    expect(within(form).getByRole('tab', { name: 'Write' }).getAttribute('aria-selected')).toBe('true');
  });
});
