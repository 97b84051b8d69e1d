// The moderation domain's only door: code outside this folder imports from here.
export * from './moderation-service.ts';
export * from './suspension-service.ts';
export * from './case-counts.ts';
