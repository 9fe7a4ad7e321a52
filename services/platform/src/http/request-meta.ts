import type { Request } from 'express';

/** Request facts kept with sessions and audit entries. */
export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

/** The caller's IP (as express resolves it behind the gateway's trust proxy) and user agent. */
export function requestMetaOf(req: Request): RequestMeta {
  return { ipAddress: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}
