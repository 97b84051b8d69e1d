// The accounts domain's only door: code outside this folder imports from here.
export * from './consent-service.ts';
export * from './identity-service.ts';
export * from './member-safety-service.ts';
export * from './otp-service.ts';
export * from './preferences-service.ts';
export * from './profile-service.ts';
export * from './tokens-service.ts';
export * from './users-service.ts';
export * from './staff-service.ts';
