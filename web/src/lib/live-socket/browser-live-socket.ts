import { readAuthToken } from '../auth-token.ts';
import { LiveSocket, liveSocketUrl } from './live-socket.ts';

/** The socket a signed-in browser opens, to this origin's /ws with the stored token. */
export function createBrowserLiveSocket(): LiveSocket {
  return new LiveSocket({ url: liveSocketUrl(window.location), readToken: readAuthToken });
}
