import type { ConversationSummary } from '@crucible/proto';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ConversationList } from './ConversationList.tsx';

const lena: ConversationSummary = {
  otherUser: {
    id: '5b7d1c2e-0000-4000-8000-000000000007',
    firstName: 'Lena',
    lastName: 'Park',
    email: null,
    preferredName: null,
    accessLevel: 'Apprentice',
    profileImageUrl: null,
  },
  lastMessage: { content: 'See you at the retro', createdAt: '2026-11-27T10:00:00.000Z' },
  unreadCount: 2,
  messageCount: 5,
  lastMessageAt: '2026-11-27T10:00:00.000Z',
  usedBytes: 120,
  maxBytes: 1_000_000,
};

describe('ConversationList', () => {
  it("links each partner's avatar to their profile while the row opens the conversation", () => {
    const onSelect = vi.fn();
    render(
      <MemoryRouter>
        <ConversationList conversations={[lena]} selectedId={null} onSelect={onSelect} onNewMessage={() => {}} />
      </MemoryRouter>,
    );
    const profileLink = screen.getByRole('link', { name: "Lena Park's profile" });
    expect(profileLink.getAttribute('href')).toBe(`/profile/${lena.otherUser.id}`);
    expect(profileLink.closest('[role="button"], button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Lena Park/ }));
    expect(onSelect).toHaveBeenCalledWith(lena.otherUser.id);
  });
});
