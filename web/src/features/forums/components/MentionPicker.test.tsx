import type { AccessLevel } from '@crucible/proto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { MarkdownComposer } from './MarkdownComposer.tsx';

const ANN = '0b6f2c1e-1111-4a2b-8c3d-123456789abc';
const ANDY = '0b6f2c1e-2222-4a2b-8c3d-123456789abc';
const member = (id: string, firstName: string, lastName: string) => ({
  id,
  email: null,
  firstName,
  lastName,
  profileImageUrl: null,
  accessLevel: 'Journeyman',
});

function Composer({ discussionLevel }: { discussionLevel?: AccessLevel }) {
  const [value, setValue] = useState('');
  return <MarkdownComposer label="Content" value={value} onChange={setValue} discussionLevel={discussionLevel} />;
}

function setUp(discussionLevel?: AccessLevel) {
  const fetchMock = stubApi({
    'GET /api/users/search': () => ({ status: 200, body: [member(ANN, 'Ann', 'Lee'), member(ANDY, 'Andy', 'Moss')] }),
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Composer discussionLevel={discussionLevel} />
    </AppProviders>,
  );
  return { fetchMock, user: userEvent.setup(), field: screen.getByRole('combobox', { name: /^Content/ }) };
}

describe('the @-mention picker', () => {
  it('lists matching members after @ and 2 characters, and arrows + Enter insert the forum mention', async () => {
    const { fetchMock, user, field } = setUp();
    await user.type(field, 'Thanks @a');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(field, 'n');
    const listbox = await screen.findByRole('listbox', { name: 'Members to mention' });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-controls')).toBe(listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ann Lee', 'Andy Moss']);
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    const searched = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/api/users/search'));
    expect(searched.at(-1)).toContain('q=an');

    await user.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect((field as HTMLTextAreaElement).value).toBe(`Thanks @[Andy Moss](${ANDY}) `);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('inserts with Tab and closes with Escape', async () => {
    const { user, field } = setUp();
    await user.type(field, '@an');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect((field as HTMLTextAreaElement).value).toBe('@an');

    await user.type(field, ' and @ann');
    await screen.findByRole('listbox');
    await user.keyboard('{Tab}');
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(`@an and @[Ann Lee](${ANN}) `));
    expect(document.activeElement).toBe(field);
  });

  it("asks only for members who can read the discussion: the search carries the discussion's level", async () => {
    const { fetchMock, user, field } = setUp('Master');
    await user.type(field, '@an');
    await screen.findByRole('listbox');
    const searched = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/users/search');
    expect(searched.at(-1)?.searchParams.get('q')).toBe('an');
    expect(searched.at(-1)?.searchParams.get('minAccessLevel')).toBe('Master');
  });

  it('searches every member when no level is known yet', async () => {
    const { fetchMock, user, field } = setUp();
    await user.type(field, '@an');
    await screen.findByRole('listbox');
    const searched = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/api/users/search'));
    expect(searched.at(-1)).not.toContain('minAccessLevel');
  });
});
