import type { Request, RequestHandler, Response, Router } from 'express';
import {
  isRawResponse,
  type ParsedInput,
  type ResponseOf,
  type ResponseSpec,
  type RouteContract,
} from '@crucible/proto';
import { requireAdmin } from '../auth/admin.ts';
import { authenticate, principalOf } from '../auth/authenticate.ts';
import { optionalCallerOf, type Caller } from '../auth/caller.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { NotFoundError } from '../errors/http-errors.ts';
import { requestMetaOf, type RequestMeta } from './request-meta.ts';
import { assertStorableText } from './text-hygiene.ts';

/** A public route's caller is whoever signed in, if anyone did (`before: [optional sign-in]`). */
export type CallerOf<Route extends RouteContract> = Route['auth'] extends 'public' ? Caller | undefined : Caller;

/**
 * What a handler receives: the parsed, typed input, who is calling, and where the request came from
 * (also when nobody signed in: sign-in and password-reset limits count per address).
 */
export type HandlerInput<Route extends RouteContract> = ParsedInput<Route> & {
  caller: CallerOf<Route>;
  meta: RequestMeta;
};

/** A value as it may be handed to `res.json`: a Date wherever the contract says a string (its JSON form). */
export type Wire<T> = T extends string
  ? T | Date
  : T extends readonly unknown[] | Record<string, unknown>
    ? { [Key in keyof T]: Wire<T[Key]> }
    : T;

/** One page of a list whose next page's cursor travels in the route's `nextCursorHeader`. */
export interface CursorPage<Items> {
  items: Items;
  nextCursor: string | null;
}

/** What a handler returns: the success body (nothing for 204), or a page for cursor-paged lists. */
export type HandlerResult<Route extends RouteContract> = [ResponseOf<Route>] extends [undefined]
  ? void
  : Route['nextCursorHeader'] extends string
    ? CursorPage<Wire<ResponseOf<Route>>>
    : Wire<ResponseOf<Route>>;

/**
 * A contract-driven handler (ts-rest's shape): input in, the body out; the mount writes the
 * contract's success status, and `tsc` checks the body against the contract's response schema.
 */
export type RouteHandler<Route extends RouteContract> = (
  input: HandlerInput<Route>,
) => Promise<HandlerResult<Route>> | HandlerResult<Route>;

/**
 * The escape hatch for answers a body cannot say: downloads, redirects, cookies, cache headers. The
 * handler writes the response itself.
 */
export type RawRouteHandler<Route extends RouteContract> = (
  input: HandlerInput<Route>,
  req: Request,
  res: Response,
) => Promise<void> | void;

export interface MountOptions {
  /** Middlewares that run after the contract's authentication and before parsing (e.g. optional sign-in). */
  before?: RequestHandler[];
  /**
   * False for routes that answer bad input their own way (a redirect instead of a 400): the handler
   * parses, and only the text hygiene of the platform runs.
   */
  parse?: boolean;
}

export interface MountRoute {
  <Route extends RouteContract>(route: Route, handler: RouteHandler<Route>, options?: MountOptions): void;
  raw<Route extends RouteContract>(route: Route, handler: RawRouteHandler<Route>, options?: MountOptions): void;
}

export interface MounterDeps {
  verifier: TokenVerifier;
  /**
   * Checks every answer against its contract's response schema (a mismatch is a 500 naming the
   * issue). On under test (vitest sets NODE_ENV=test), so integration runs prove the contracts true;
   * off in production, where it would only cost.
   */
  validateResponses?: boolean;
}

const SUCCESS_STATUSES = [200, 201, 202, 204] as const;

/** The route's success status and the schema of its body (null: no body). */
function successOf(route: RouteContract): { status: number; spec: ResponseSpec } {
  for (const status of SUCCESS_STATUSES) {
    const spec = route.responses[status];
    if (spec !== undefined) return { status, spec };
  }
  throw new Error(`${route.method} ${route.path} names no success response`);
}

/**
 * Mounts contract entries on a router: authentication by the entry's `auth`, then path parameters
 * (a failure is the entry's 404), query and body parsed with its schemas (a failure is the 400 with
 * the issues), so a handler only ever sees valid input; then the handler's body is answered with the
 * contract's success status.
 */
export function createRouteMounter(router: Router, deps: MounterDeps): MountRoute {
  const validateResponses = deps.validateResponses ?? process.env.NODE_ENV === 'test';
  const signedIn = authenticate(deps.verifier, { required: true });
  // Use cases apply the admin rule too (every caller meets it); refusing here first spares the parsing.
  const adminOnly: RequestHandler = (req, _res, next) => {
    requireAdmin(principalOf(req));
    next();
  };
  const guards = { public: [], member: [signedIn], admin: [signedIn, adminOnly] } satisfies Record<
    RouteContract['auth'],
    RequestHandler[]
  >;

  const inputOf = (route: RouteContract, req: Request, options: MountOptions) => {
    assertStorableText({ params: req.params });
    const input =
      options.parse === false ? { params: req.params, query: req.query, body: req.body } : parseRequest(route, req);
    return { ...input, caller: optionalCallerOf(req), meta: requestMetaOf(req) };
  };
  const on = (route: RouteContract, options: MountOptions, last: RequestHandler) => {
    const method = route.method.toLowerCase() as Lowercase<RouteContract['method']>;
    router[method](route.path, ...guards[route.auth], ...(options.before ?? []), last);
  };

  const mount = (<Route extends RouteContract>(
    route: Route,
    handler: RouteHandler<Route>,
    options: MountOptions = {},
  ) => {
    const { status, spec } = successOf(route);
    if (isRawResponse(spec)) throw new Error(`${route.method} ${route.path} answers a raw response: mount it with raw`);
    on(route, options, async (req, res) => {
      const result: unknown = await handler(inputOf(route, req, options) as HandlerInput<Route>);
      let body = result;
      if (route.nextCursorHeader) {
        const page = result as CursorPage<unknown>;
        if (page.nextCursor) res.set(route.nextCursorHeader, page.nextCursor);
        body = page.items;
      }
      if (spec === null) {
        res.status(status).end();
        return;
      }
      if (validateResponses) assertAnswerMatches(route, spec, body);
      res.status(status).json(body);
    });
  }) as MountRoute;

  mount.raw = (route, handler, options = {}) => {
    on(route, options, async (req, res) => {
      await handler(inputOf(route, req, options) as HandlerInput<typeof route>, req, res);
    });
  };
  return mount;
}

/** The answer as the client will read it (its JSON form) must parse with the contract's schema. */
function assertAnswerMatches(route: RouteContract, schema: Exclude<ResponseSpec, null>, body: unknown): void {
  if (isRawResponse(schema)) return;
  const wire: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  const parsed = schema.safeParse(wire);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    throw new Error(`${route.method} ${route.path} answered a body its contract refuses: ${issues.join('; ')}`);
  }
}

function parseRequest(route: RouteContract, req: Request): { params: unknown; query: unknown; body: unknown } {
  let params: unknown = req.params;
  if (route.pathParams) {
    const parsed = route.pathParams.safeParse(req.params);
    if (!parsed.success) throw new NotFoundError(parsed.error.issues[0]?.message);
    params = parsed.data;
  }
  return {
    params,
    query: route.query ? route.query.parse(req.query ?? {}) : undefined,
    body: route.body ? route.body.parse(req.body ?? {}) : undefined,
  };
}
