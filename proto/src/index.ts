export * from './access.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './flags.ts';
export * from './limits.ts';
export * from './routes.ts';
