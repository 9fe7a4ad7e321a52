export { authConfigSchema, type AuthConfig } from './config.ts';
export { createAuthService, DEV_IDENTITY_PROVIDER_PATH } from './create-service.ts';
export { createDevIdentityProvider } from './oidc/dev-identity-provider.ts';
export { seedDemoCommunity, DEMO_PASSWORD, type SeededMember } from './use-cases/demo-community.ts';
