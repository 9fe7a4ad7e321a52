/** Errors that carry an HTTP status; the error middleware renders them as `{statusCode, message}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(400, message, details);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(maxBytes: number) {
    super(413, `The upload is larger than the limit of ${maxBytes} bytes`);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests, please try again later.',
  ) {
    super(429, message, { retryAfter: retryAfterSeconds });
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service unavailable', options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(
      503,
      message,
      options?.retryAfterSeconds === undefined ? undefined : { retryAfter: options.retryAfterSeconds },
    );
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
