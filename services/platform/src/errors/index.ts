export * from './http-errors.ts';
export * from './error-middleware.ts';
