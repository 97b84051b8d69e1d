// The notifications domain's only door: code outside this folder imports from here.
export * from './notifications-service.ts';
