export * from './required-services.ts';
export * from './smtp-capture.ts';
export * from './sql-transactions.ts';
export * from './event-collector.ts';
export * from './input-sweep.ts';
export * from './http-harness.ts';
export * from './migrated-database.ts';
export * from './test-tokens.ts';
