import { AUTH_MESSAGES } from '@crucible/proto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startExternalLogin } from '../lib/login-redirect.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { signedOut, stubApi } from '../test/fake-api.ts';
import { aMember, renderApp } from '../test/render-app.tsx';

function signedInAs(user = aMember(), unreadMessages = 0) {
  return stubApi({
    'GET /api/auth/user': () => ({ status: 200, body: user }),
    'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: unreadMessages } }),
    'POST /api/auth/signout': () => ({ status: 200, body: { message: AUTH_MESSAGES.signedOut } }),
  });
}

describe('signed-out shell', () => {
  it("shows 'Loading...' while the current user is being read", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderApp('/');
    expect(await screen.findByText('Loading...')).toBeTruthy();
  });

  it('waits out a 429 on the current user as Retry-After says, saying so, instead of asking again at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answers = 0;
      const fetchMock = stubApi({
        'GET /api/auth/user': () =>
          (answers += 1) === 1
            ? { status: 429, body: { statusCode: 429, message: 'Too many requests' }, headers: { 'Retry-After': '20' } }
            : signedOut(),
      });
      renderApp('/');
      expect(await screen.findByText('Too many requests: retrying in 20 s')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/user'))).toHaveLength(1);
      expect(await screen.findByText(/Too many requests: retrying in 1[56] s/)).toBeTruthy();
      await vi.advanceTimersByTimeAsync(15_000);
      expect(await screen.findByRole('heading', { level: 1, name: 'Crucible' })).toBeTruthy();
      expect(answers).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('greets visitors with the brand and the two ways in', async () => {
    stubApi({ 'GET /api/auth/user': signedOut });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crucible' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
  });

  it('shows the footer with the copyright year and a trademark notice', async () => {
    stubApi({ 'GET /api/auth/user': signedOut });
    renderApp('/signin');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(/© 2025 Crucible/)).toBeTruthy();
    expect(within(footer).getByText(/trademark/)).toBeTruthy();
  });

  it.each(['/admin', '/messages', '/forums', '/projects', '/profile/user-1', '/profile/user-1/edit'])(
    'sends a visitor from %s to /signin',
    async (path) => {
      stubApi({ 'GET /api/auth/user': signedOut });
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
      expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    },
  );

  it('shows the not-found screen for an unknown path', async () => {
    stubApi({ 'GET /api/auth/user': signedOut });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('offers the external login as a plain link to /api/login', async () => {
    stubApi({ 'GET /api/auth/user': signedOut });
    renderApp('/signin');
    expect((await screen.findByRole('link', { name: /single sign-on/i })).getAttribute('href')).toBe('/api/login');
  });

  it('explains on the sign-in screen why a verification link or the external login failed, in its own words', async () => {
    stubApi({ 'GET /api/auth/user': signedOut });
    renderApp('/signin?verified=0');
    expect(await screen.findByText(AUTH_MESSAGES.verificationInvalid)).toBeTruthy();
    cleanup();
    renderApp('/signin?error=Call%200800%20now');
    expect(await screen.findByText('Signing in with single sign-on did not work. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/0800/)).toBeNull();
  });

  it('explains a reset link without a token and offers the ways out', async () => {
    stubApi({ 'GET /api/auth/user': signedOut });
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByText('The password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/signin');
  });
});

describe('auth callback', () => {
  /** What pressing the external login button leaves in this tab's session storage. */
  function startedExternalLogin(): string {
    return new URL(startExternalLogin(), 'http://app.test').searchParams.get('state')!;
  }

  it('stores the token of the login this tab started, forgets the query and goes home', async () => {
    const state = startedExternalLogin();
    const fetchMock = signedInAs();
    const { router } = renderApp(`/auth/callback?token=jwt-from-sso&state=${state}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('jwt-from-sso');
    const lastUserRead = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/user').at(-1);
    expect((lastUserRead?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer jwt-from-sso');
    expect(sessionStorage.getItem(STORAGE_KEYS.externalLoginState)).toBeNull();
  });

  it.each([
    ['no login was started in this tab', () => 'state-from-a-link'],
    ['the state is not the one this tab started', () => (startedExternalLogin(), 'state-from-a-link')],
    ['the state is missing', () => (startedExternalLogin(), '')],
  ])('ignores a token when %s and says the sign-in failed', async (_case, stateInLink) => {
    const fetchMock = signedInAs();
    const { router } = renderApp(`/auth/callback?token=someone-elses-jwt&state=${stateInLink()}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe('?error=callback');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    const bearers = fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string> | undefined)?.Authorization,
    );
    expect(bearers).not.toContain('Bearer someone-elses-jwt');
  });

  it('clears a token the server refuses and goes to /signin', async () => {
    const state = startedExternalLogin();
    stubApi({ 'GET /api/auth/user': signedOut });
    const { router } = renderApp(`/auth/callback?token=bogus-jwt&state=${state}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(await screen.findByText('Signing in with single sign-on did not work. Please try again.')).toBeTruthy();
  });

  it('goes to /signin without a token', async () => {
    stubApi({ 'GET /api/auth/user': signedOut });
    const { router } = renderApp('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });
});

describe('auth flows', () => {
  it("shows 'Sign in failed' with the server's reason", async () => {
    stubApi({
      'GET /api/auth/user': signedOut,
      'POST /api/auth/signin': () => ({ status: 401, body: { statusCode: 401, message: 'Invalid email or password' } }),
    });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Sign in failed')).toBeTruthy();
    expect(within(toast).getByText('Invalid email or password')).toBeTruthy();
  });

  it('stores the token on sign-in and lands on the dashboard signed in', async () => {
    let signedIn = false;
    stubApi({
      'GET /api/auth/user': () => (signedIn ? { status: 200, body: aMember() } : signedOut()),
      'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
      'POST /api/auth/signin': () => {
        signedIn = true;
        return { status: 200, body: { message: 'Signed in', token: 'jwt-1' } };
      },
    });
    const { router } = renderApp('/signin');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: /^Welcome back/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('jwt-1');
    expect(screen.getByText('Signed in successfully')).toBeTruthy();
  });

  async function fillSignUpForm() {
    await userEvent.type(await screen.findByLabelText(/^First name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  }

  it('tells a new member to verify their email when a mail was sent, and shows the landing signed out', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/user': signedOut,
      'POST /api/auth/signup': () => ({ status: 201, body: { message: 'Account created', emailSent: true } }),
    });
    const { router } = renderApp('/signup');
    await fillSignUpForm();
    expect(await screen.findByText('Account created successfully')).toBeTruthy();
    expect(screen.getByText('Please check your email to verify your account.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Crucible' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/signout')).toBe(false);
  });

  it('signs a new member in when no mail was sent: stores the token and lands on the dashboard', async () => {
    let signedUp = false;
    stubApi({
      'GET /api/auth/user': () => (signedUp ? { status: 200, body: aMember() } : signedOut()),
      'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
      'POST /api/auth/signup': () => {
        signedUp = true;
        return { status: 201, body: { message: 'Account created', emailSent: false, token: 'jwt-2' } };
      },
    });
    const { router } = renderApp('/signup');
    await fillSignUpForm();
    expect(await screen.findByText('Welcome to Crucible! You are now signed in.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /^Welcome back/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('jwt-2');
  });

  it("shows 'Account creation failed' with the server's reason", async () => {
    stubApi({
      'GET /api/auth/user': signedOut,
      'POST /api/auth/signup': () => ({ status: 409, body: { statusCode: 409, message: AUTH_MESSAGES.emailTaken } }),
    });
    renderApp('/signup');
    await fillSignUpForm();
    expect(await screen.findByText('Account creation failed')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.emailTaken)).toBeTruthy();
  });

  it("confirms a reset request with the server's message and empties the form", async () => {
    stubApi({
      'GET /api/auth/user': signedOut,
      'POST /api/auth/request-password-reset': () => ({ status: 200, body: { message: AUTH_MESSAGES.resetRequested } }),
    });
    renderApp('/forgot-password');
    const email = await screen.findByLabelText<HTMLInputElement>(/^Email/);
    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    expect(await screen.findByText('Password reset email sent')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.resetRequested)).toBeTruthy();
    expect(email.value).toBe('');
  });

  it('sends the member to sign in after a successful reset', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/user': signedOut,
      'POST /api/auth/reset-password': () => ({ status: 200, body: { message: AUTH_MESSAGES.resetDone } }),
    });
    const { router } = renderApp('/reset-password?token=reset-1');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'correct horse');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(screen.getByText('Password reset successful')).toBeTruthy();
    const resetCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/reset-password');
    expect(JSON.parse(String(resetCall?.[1]?.body))).toEqual({ token: 'reset-1', password: 'correct horse' });
  });

  it("refuses an empty token with 'Invalid reset link'", async () => {
    const fetchMock = stubApi({ 'GET /api/auth/user': signedOut });
    renderApp('/reset-password?token=');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'correct horse');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Invalid reset link')).toBeTruthy();
    expect(screen.getByText('The password reset link is invalid or missing a token.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/reset-password')).toBe(false);
  });
});

describe('signed-in shell', () => {
  it('shows the Core menu, the level badge and a profile link', async () => {
    signedInAs(aMember({ accessLevel: 'Core' }));
    renderApp('/forums');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Forums', 'Messages', 'Projects', 'Admin'])
      expect(within(nav).getByRole('link', { name: new RegExp(`^${name}`) })).toBeTruthy();
    expect(
      within(nav)
        .getByRole('link', { name: /^Forums/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(
      within(nav)
        .getByRole('link', { name: /^Dashboard/ })
        .getAttribute('aria-current'),
    ).toBeNull();
    expect(screen.getByText('Access level:', { exact: false }).parentElement?.textContent).toBe('Access level: Core');
    expect(screen.getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe('/profile/user-1');
    expect(screen.queryByText('Admin', { selector: '.MuiChip-label' })).toBeNull();
  });

  it('shows the Admin badge for admins and caps the unread badge at 99+', async () => {
    signedInAs(aMember({ isAdmin: true }), 150);
    renderApp('/');
    expect(await screen.findByText('99+')).toBeTruthy();
    expect(screen.getByText('Admin', { selector: '.MuiChip-label' })).toBeTruthy();
  });

  it('asks unverified email members to verify, with a Resend Email button that calls nothing', async () => {
    const fetchMock = signedInAs(aMember({ emailVerified: false }));
    renderApp('/');
    expect(
      await screen.findByText(
        'Please verify your email address to access all features. Check your inbox for the verification email.',
      ),
    ).toBeTruthy();
    const callsBefore = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
  });

  it('spares members of the external provider the verification notice', async () => {
    signedInAs(aMember({ emailVerified: false, authProvider: 'oidc' }));
    renderApp('/');
    await screen.findByRole('heading', { name: /^Welcome back/ });
    expect(screen.queryByText(/Please verify your email address/)).toBeNull();
  });

  it.each(['/', '/forums'])(
    'signs out from %s: tells the server, forgets the token and shows the landing screen',
    async (path) => {
      localStorage.setItem(STORAGE_KEYS.authToken, 'jwt-1');
      const fetchMock = signedInAs();
      const { router } = renderApp(path);
      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Crucible' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/signout' && init?.method === 'POST')).toBe(
        true,
      );
    },
  );

  it('applies a chosen theme at once and remembers it', async () => {
    signedInAs();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Colour theme' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });
});
