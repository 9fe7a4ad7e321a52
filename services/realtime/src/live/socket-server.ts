import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  WEBSOCKET_PATH,
  WS_ACCEPTED_PROTOCOL,
  WS_AUTH_PROTOCOL_PREFIX,
  WS_CLOSE,
  WS_RESTART_SPREAD_MS,
  clientSocketMessageSchema,
  restartCloseReason,
  type ClientSocketMessage,
  type ServerSocketMessage,
  type SessionPrincipal,
} from '@crucible/proto';
import { UnauthorizedError, createRateLimit, type RateLimit, type TokenVerifier } from '@crucible/platform';
import { sendChat } from '../use-cases/chat.ts';
import { membersSeen } from '../use-cases/notification-preferences.ts';
import { chatRefusal } from './chat-refusal.ts';
import { chatFramesFor } from './contact-frames.ts';
import type { RealtimeContext } from '../use-cases/context.ts';
import { sendTyping } from '../use-cases/typing.ts';
import type { Connection } from './hub.ts';

interface LiveSocket extends WebSocket {
  alive?: boolean;
}

/** The web app's development server (`npm run dev -w web`), which proxies /ws here. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a page of the product may have. On one machine (PUBLIC_URL on a loopback name) the page
 * is as likely opened at http://127.0.0.1:<port> as at http://localhost:<port>: both names are this
 * machine and the same server, so each loopback name of that port is the product's origin.
 */
export function productOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/** The token of an `auth.<base64url token>` subprotocol, or undefined. */
export function tokenFromProtocols(header: string | undefined): string | undefined {
  const offered = (header ?? '').split(',').map((protocol) => protocol.trim());
  const auth = offered.find((protocol) => protocol.startsWith(WS_AUTH_PROTOCOL_PREFIX));
  if (!auth) return undefined;
  const token = Buffer.from(auth.slice(WS_AUTH_PROTOCOL_PREFIX.length), 'base64url').toString('utf8');
  return token || undefined;
}

export interface SocketServer {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket with 1012 (service restart, with a reconnect delay each) and stops the heartbeat. */
  closeAll(): Promise<void>;
}

export function createSocketServer(ctx: RealtimeContext, verifier: TokenVerifier): SocketServer {
  const { config, hub, presence, logger } = ctx;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: REALTIME_LIMITS.maxPayloadBytes,
    // The marker, never the token: a proxy or log that records the answer must not record a credential.
    handleProtocols: (protocols) => (protocols.has(WS_ACCEPTED_PROTOCOL) ? WS_ACCEPTED_PROTOCOL : false),
  });
  const chatLimit: RateLimit = createRateLimit(ctx.cache, {
    name: 'realtime-chat',
    points: config.REALTIME_CHAT_MESSAGES_PER_10S,
    durationSeconds: 10,
    message: REALTIME_MESSAGES.chatRateLimited,
  });
  let closing = false;

  const heartbeat = setInterval(() => {
    for (const client of wss.clients as Set<LiveSocket>) {
      if (client.alive === false) {
        client.terminate();
        continue;
      }
      client.alive = false;
      client.ping();
    }
    // A session that ended without its event reaching us (or a token that expired) ends here. A
    // session that cannot be checked (Redis or NATS away) is no ended session: the socket stays.
    // Each check also brings the viewer's level up to date, for the e-mails their frames show.
    for (const connection of hub.connections()) {
      verifier.verify(connection.token).then(
        (principal) => (connection.viewer = principal),
        (error: unknown) => {
          if (error instanceof UnauthorizedError) connection.socket.close(WS_CLOSE.policyViolation, 'Session ended');
        },
      );
    }
    // Who has a socket is active: the e-mail summary waits for them to be away for their delay.
    membersSeen(
      ctx,
      hub.connections().map((connection) => connection.userId),
    );
  }, config.REALTIME_HEARTBEAT_MS);
  heartbeat.unref();

  const allowedOrigins = config.REALTIME_ALLOWED_ORIGINS ?? [...productOrigins(config.PUBLIC_URL), VITE_DEV_ORIGIN];
  const originAllowed = (origin: string | undefined) => !origin || allowedOrigins.includes(origin);

  type Refusal = { code: number; reason: string };

  async function authenticate(req: IncomingMessage): Promise<{ principal: SessionPrincipal; token: string } | Refusal> {
    const refuse = (reason: string) => ({ code: WS_CLOSE.policyViolation, reason });
    if (!originAllowed(req.headers.origin)) return refuse('Origin not allowed');
    const token = tokenFromProtocols(req.headers['sec-websocket-protocol']);
    if (!token) return refuse('Authentication required');
    try {
      return { principal: await verifier.verify(token), token };
    } catch (error) {
      if (error instanceof UnauthorizedError) return refuse('Authentication failed');
      // Not the member's fault: the client retries with backoff instead of signing out.
      logger.warn({ err: error }, 'socket session could not be checked');
      return { code: WS_CLOSE.tryAgainLater, reason: 'Try again later' };
    }
  }

  function send(socket: WebSocket, message: ServerSocketMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  function accept(socket: LiveSocket, principal: SessionPrincipal, token: string): void {
    // The newest is refused, not the oldest closed: a client that reconnects on close would otherwise
    // push the member's other tabs out in turn. Each socket has its own message rate, so the cap bounds
    // what one member can send.
    if (hub.socketCountOf(principal.userId.toLowerCase()) >= config.REALTIME_SOCKETS_PER_MEMBER) {
      socket.close(WS_CLOSE.policyViolation, REALTIME_MESSAGES.tooManySockets);
      return;
    }
    const connection: Connection = {
      socket,
      userId: principal.userId.toLowerCase(),
      sessionId: principal.sessionId,
      token,
      viewer: principal,
    };
    socket.alive = true;
    socket.on('pong', () => (socket.alive = true));
    const first = hub.add(connection);
    membersSeen(ctx, [connection.userId]);
    // Online first (a member sees themselves in the list), then the whole list, once; changes follow.
    void (first ? presence.memberArrived(connection.userId) : Promise.resolve()).then(() =>
      presence.fullList(connection.viewer, (frame) => {
        if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
      }),
    );

    let windowStartedAt = Date.now();
    let messagesInWindow = 0;
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (Date.now() - windowStartedAt >= 1000) {
        windowStartedAt = Date.now();
        messagesInWindow = 0;
      }
      messagesInWindow += 1;
      if (messagesInWindow > config.REALTIME_SOCKET_MESSAGES_PER_SECOND) {
        // Twice the limit is a flood, not a fast typist: the connection goes.
        if (messagesInWindow > 2 * config.REALTIME_SOCKET_MESSAGES_PER_SECOND)
          socket.close(WS_CLOSE.policyViolation, REALTIME_MESSAGES.socketRateLimited);
        else send(socket, { type: 'error', message: REALTIME_MESSAGES.socketRateLimited });
        return;
      }
      void handleMessage(connection, isBinary ? undefined : data.toString()).catch((error: unknown) => {
        const message = (error as { statusCode?: number }).statusCode ? (error as Error).message : 'Message failed';
        if (!(error as { statusCode?: number }).statusCode) logger.error({ err: error }, 'socket message failed');
        send(socket, { type: 'error', message });
      });
    });
    socket.on('close', () => {
      if (hub.remove(connection)) void presence.memberLeft(connection.userId);
      membersSeen(ctx, [connection.userId]);
    });
    socket.on('error', (error) => logger.debug({ err: error }, 'socket error'));
  }

  async function handleMessage(connection: Connection, text: string | undefined): Promise<void> {
    let message: ClientSocketMessage;
    try {
      message = clientSocketMessageSchema.parse(JSON.parse(text ?? ''));
    } catch {
      send(connection.socket, { type: 'error', message: REALTIME_MESSAGES.unparsable });
      return;
    }
    switch (message.type) {
      case 'chat':
        try {
          const sent = await sendChat(ctx, connection.userId, message.content, chatLimit, message.idempotencyKey);
          // A repeat goes to the socket that sent it again (its first answer may have been lost), never to the room.
          if (sent.repeated && connection.socket.readyState === connection.socket.OPEN)
            connection.socket.send(chatFramesFor(sent.push)(connection.viewer), { binary: false });
        } catch (error) {
          const refusal = chatRefusal(error, message.clientId);
          if (!refusal) throw error;
          send(connection.socket, refusal);
        }
        return;
      case 'user_online':
        // The socket itself is the presence, and it got the full list on connect: nothing to add.
        return;
      case 'typing':
        await sendTyping(ctx, connection.userId, message.recipientId, message.isTyping);
    }
  }

  return {
    handleUpgrade(req, socket, head) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path !== WEBSOCKET_PATH || closing) {
        socket.destroy();
        return;
      }
      void authenticate(req).then((outcome) => {
        wss.handleUpgrade(req, socket, head, (client) => {
          if ('code' in outcome) client.close(outcome.code, outcome.reason);
          else accept(client, outcome.principal, outcome.token);
        });
      });
    },
    async closeAll() {
      closing = true;
      clearInterval(heartbeat);
      const closed = [...wss.clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            client.once('close', () => resolve());
            // Each socket is told its own delay, spread over a few seconds: a rollout's reconnects
            // reach the other instances as a trickle, not all at once.
            client.close(WS_CLOSE.serviceRestart, restartCloseReason(Math.random() * WS_RESTART_SPREAD_MS));
            setTimeout(() => {
              client.terminate();
              resolve();
            }, 2000).unref();
          }),
      );
      await Promise.all(closed);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
