import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { MarkdownComposer } from './MarkdownComposer.tsx';

function Composer({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <MarkdownComposer label="Content" name="content" value={value} onChange={setValue} />;
}

function renderComposer(initial?: string) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Composer initial={initial} />
    </AppProviders>,
  );
}

describe('MarkdownComposer', () => {
  it('previews the draft as the forum service renders it, and goes back to the text', async () => {
    const fetchMock = stubApi({
      'POST /api/discussions/preview': ({ body }) => ({
        status: 200,
        body: { contentHtml: `<p>rendered: <strong>${(body as { content: string }).content.length}</strong></p>` },
      }),
    });
    const user = userEvent.setup();
    renderComposer();
    await user.type(screen.getByLabelText(/^Content/), 'Some **bold** text');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));

    const panel = screen.getByRole('tabpanel', { name: 'Preview' });
    expect(await within(panel).findByText('18')).toBeTruthy();
    expect(within(panel).getByText('18').tagName).toBe('STRONG');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/discussions/preview'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ content: 'Some **bold** text' });
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Write' }));
    expect((screen.getByLabelText(/^Content/) as HTMLTextAreaElement).value).toBe('Some **bold** text');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
  });

  it('says there is nothing to preview without asking the service', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup();
    renderComposer();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('Nothing to preview')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the preview fails', async () => {
    stubApi({ 'POST /api/discussions/preview': () => ({ status: 500, body: { statusCode: 500, message: 'x' } }) });
    const user = userEvent.setup();
    renderComposer('draft');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByText('The preview could not be shown. Please try again.')).toBeTruthy());
  });
});
