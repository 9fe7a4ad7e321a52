import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedOut, stubApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** The helper text MUI links to the input, i.e. the message shown on that very field. */
function errorOn(label: RegExp): string | null {
  const describedBy = screen.getByLabelText(label).getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

async function submit(buttonName: string) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }));
}

let fetchMock: ReturnType<typeof stubApi>;
beforeEach(() => {
  fetchMock = stubApi({ 'GET /api/auth/user': signedOut });
});

function postsMade(): string[] {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));
}

describe('sign-up form', () => {
  it('names every missing field with the AUTH_MESSAGES texts and sends nothing', async () => {
    renderApp('/signup');
    await submit('Create Account');
    expect(errorOn(/^First name/)).toBe('First name is required');
    expect(errorOn(/^Last name/)).toBe('Last name is required');
    expect(errorOn(/^Email/)).toBe('Please enter a valid email address');
    expect(errorOn(/^Password/)).toBe('Password must be at least 8 characters');
    expect(postsMade()).toEqual([]);
  });

  it('rejects a malformed email and a short password, and moves focus to the first invalid field', async () => {
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText(/^First name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada-at-example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await submit('Create Account');
    expect(errorOn(/^First name/)).toBeNull();
    expect(errorOn(/^Email/)).toBe('Please enter a valid email address');
    expect(errorOn(/^Password/)).toBe('Password must be at least 8 characters');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
  });

  it('clears a message once the field is corrected', async () => {
    renderApp('/signup');
    await submit('Create Account');
    await userEvent.type(screen.getByLabelText(/^First name/), 'Ada');
    expect(errorOn(/^First name/)).toBeNull();
    expect(errorOn(/^Last name/)).toBe('Last name is required');
  });
});

describe('sign-in form', () => {
  it('asks for a valid email and a password', async () => {
    renderApp('/signin');
    await submit('Sign In');
    expect(errorOn(/^Email/)).toBe('Please enter a valid email address');
    expect(errorOn(/^Password/)).toBe('Password is required');
    expect(postsMade()).toEqual([]);
  });

  it('accepts a short password (only sign-up enforces the minimum) and sends the request', async () => {
    fetchMock = stubApi({
      'GET /api/auth/user': signedOut,
      'POST /api/auth/signin': () => ({ status: 401, body: { statusCode: 401, message: 'Invalid email or password' } }),
    });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    await submit('Sign In');
    await waitFor(() => expect(postsMade()).toEqual(['/api/auth/signin']));
  });
});

describe('forgot-password form', () => {
  it('asks for a valid email', async () => {
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'nobody');
    await submit('Send Reset Email');
    expect(errorOn(/^Email/)).toBe('Please enter a valid email address');
    expect(postsMade()).toEqual([]);
  });
});

describe('reset-password form', () => {
  it('asks for at least 8 characters', async () => {
    renderApp('/reset-password?token=abc');
    await submit('Reset Password');
    expect(errorOn(/^New password/)).toBe('Password must be at least 8 characters long');
  });

  it("shows 'Passwords don't match' on the confirmation field only", async () => {
    renderApp('/reset-password?token=abc');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'correct horse');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'correct horsf');
    await submit('Reset Password');
    expect(errorOn(/^Confirm new password/)).toBe("Passwords don't match");
    expect(errorOn(/^New password/)).toBeNull();
    expect(postsMade()).toEqual([]);
  });
});
