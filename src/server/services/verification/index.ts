// The verification domain's only door: code outside this folder imports from here.
export * from './credentials-service.ts';
export * from './institutions.ts';
export * from './pdf-metadata.ts';
export * from './verification-rules.ts';
export * from './verifications-service.ts';
