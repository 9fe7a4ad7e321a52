import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MemberLink } from './MemberLink.tsx';

/** A name that, unisolated, would reverse the text after it ('U+202E' is a right-to-left override). */
const REVERSING_NAME = 'Ada \u202Eecalevol';

describe('MemberLink', () => {
  it("isolates the member's name in a <bdi>, linked or not", () => {
    render(
      <MemoryRouter>
        <p>
          <MemberLink userId="1f0e2a5c-0000-4000-8000-000000000001">{REVERSING_NAME}</MemberLink> wrote
        </p>
        <p>
          <MemberLink userId={null}>{REVERSING_NAME}</MemberLink> wrote
        </p>
      </MemoryRouter>,
    );
    const names = screen.getAllByText(REVERSING_NAME);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.tagName).toBe('BDI');
    expect(screen.getByRole('link').querySelector('bdi')?.textContent).toBe(REVERSING_NAME);
  });
});
