import type { Request, RequestHandler, Response, Router } from 'express';
import type { ParsedInput, RouteContract } from '@crucible/proto';
import { requireAdmin } from '../auth/admin.ts';
import { authenticate, principalOf } from '../auth/authenticate.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { NotFoundError } from '../errors/http-errors.ts';
import { assertStorableText } from './text-hygiene.ts';

/** A thin handler: it receives the parsed, typed input and writes the response (status, cookies, headers). */
export type RouteHandler<Route extends RouteContract> = (
  input: ParsedInput<Route>,
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

export type MountRoute = <Route extends RouteContract>(
  route: Route,
  handler: RouteHandler<Route>,
  options?: MountOptions,
) => void;

/**
 * Mounts contract entries on a router: authentication by the entry's `auth`, then path parameters
 * (a failure is the entry's 404), query and body parsed with its schemas (a failure is the 400 with
 * the issues), so a handler only ever sees valid input.
 */
export function createRouteMounter(router: Router, deps: { verifier: TokenVerifier }): MountRoute {
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

  return (route, handler, options = {}) => {
    const parseInput: RequestHandler = async (req, res) => {
      assertStorableText({ params: req.params });
      const input =
        options.parse === false ? { params: req.params, query: req.query, body: req.body } : parseRequest(route, req);
      await handler(input as ParsedInput<typeof route>, req, res);
    };
    const method = route.method.toLowerCase() as Lowercase<RouteContract['method']>;
    router[method](route.path, ...guards[route.auth], ...(options.before ?? []), parseInput);
  };
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
