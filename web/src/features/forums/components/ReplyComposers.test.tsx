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
