export * from './required-services.ts';
export * from './smtp-capture.ts';
