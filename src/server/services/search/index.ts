// The search domain's only door: code outside this folder imports from here.
export * from './search-service.ts';
export * from './search-words.ts';
