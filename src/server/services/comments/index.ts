// The comments domain's only door: code outside this folder imports from here.
export * from './comments-service.ts';
