/**
 * Just enough of a browser for the OIDC login: follows redirects by hand, keeps cookies per path,
 * and fills in the development provider's login and consent forms.
 */

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export class CookieJar {
  private readonly cookies: StoredCookie[] = [];

  store(requestUrl: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = defaultPath(requestUrl.pathname);
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        const lower = key.toLowerCase();
        if (lower === 'path' && attributeValue.startsWith('/')) path = attributeValue;
        if (lower === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (lower === 'expires' && Date.parse(attribute.slice(attribute.indexOf('=') + 1)) <= Date.now())
          expired = true;
      }
      const existing = this.cookies.findIndex((cookie) => cookie.name === name && cookie.path === path);
      if (existing >= 0) this.cookies.splice(existing, 1);
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  header(url: URL): string | undefined {
    const matching = this.cookies
      .filter((cookie) => pathMatches(url.pathname, cookie.path))
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
  }
}

function defaultPath(pathname: string): string {
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_match, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower]!;
  });

/** The first form of a page: its action and its hidden fields. */
export function firstForm(html: string): { action: string; fields: Record<string, string> } {
  const form = html.match(/<form\b[^>]*>([\s\S]*?)<\/form>/i);
  if (!form) throw new Error(`no form in page:\n${html.slice(0, 2000)}`);
  const action = form[0].match(/action="([^"]*)"/i)?.[1];
  if (action === undefined) throw new Error('form without action');
  const fields: Record<string, string> = {};
  for (const input of form[1]!.matchAll(/<input\b[^>]*>/gi)) {
    const type = input[0].match(/type="([^"]*)"/i)?.[1];
    const name = input[0].match(/name="([^"]*)"/i)?.[1];
    const value = input[0].match(/value="([^"]*)"/i)?.[1] ?? '';
    if (type === 'hidden' && name) fields[decodeEntities(name)] = decodeEntities(value);
  }
  return { action: decodeEntities(action), fields };
}

export interface OidcLoginOutcome {
  /** Where the service finally sent the browser (a path on the service). */
  location: URL;
  /** The token in `/auth/callback?token=...`, when the login succeeded. */
  token?: string;
  /** The web app's state handed back in `/auth/callback?state=...`. */
  state?: string;
  /** The error in `/signin?error=...`, when it did not. */
  error?: string;
  /** The pages and redirects passed through, for failure messages. */
  trail: string[];
}

/**
 * Starts at `${baseUrl}/api/login` and plays the browser until the service sends it to
 * /auth/callback or /signin. The dev provider accepts any password.
 */
export async function loginThroughDevProvider(
  baseUrl: string,
  email: string,
  options: {
    jar?: CookieJar;
    headers?: Record<string, string>;
    /** The web app's one-time value, sent as `/api/login?state=`. */
    browserState?: string;
    /** Another browser that follows the provider's link back to /api/callback (a link sent to a victim). */
    callbackJar?: CookieJar;
  } = {},
): Promise<OidcLoginOutcome> {
  let jar = options.jar ?? new CookieJar();
  const trail: string[] = [];
  const origin = new URL(baseUrl).origin;

  const go = async (url: URL, init: { method?: string; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers, accept: 'text/html' };
    const cookie = jar.header(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    jar.store(url, response);
    trail.push(
      `${init.method ?? 'GET'} ${url.pathname} -> ${response.status}${response.headers.get('location') ? ` ${response.headers.get('location')}` : ''}`,
    );
    return response;
  };

  let url = new URL('/api/login', baseUrl);
  if (options.browserState) url.searchParams.set('state', options.browserState);
  let response = await go(url);
  for (let step = 0; step < 20; step += 1) {
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      const next = new URL(response.headers.get('location')!, url);
      if (next.origin === origin && (next.pathname === '/auth/callback' || next.pathname === '/signin')) {
        return {
          location: next,
          token: next.searchParams.get('token') ?? undefined,
          state: next.searchParams.get('state') ?? undefined,
          error: next.searchParams.get('error') ?? undefined,
          trail,
        };
      }
      url = next;
      if (options.callbackJar && next.origin === origin && next.pathname === '/api/callback') jar = options.callbackJar;
      response = await go(url);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`unexpected ${response.status} at ${url.href}: ${html.slice(0, 500)}\n${trail.join('\n')}`);
    const { action, fields } = firstForm(html);
    if (fields.prompt === 'login') Object.assign(fields, { login: email, password: 'anything at all' });
    else if (fields.prompt !== 'consent') throw new Error(`unknown form prompt ${fields.prompt} at ${url.href}`);
    url = new URL(action, url);
    response = await go(url, { method: 'POST', form: fields });
  }
  throw new Error(`no end to the OIDC redirects:\n${trail.join('\n')}`);
}
