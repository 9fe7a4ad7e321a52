export * from './http-errors.ts';
export * from './error-middleware.ts';
export * from './rpc-answer.ts';
