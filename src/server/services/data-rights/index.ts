// The data-rights domain's only door: code outside this folder imports from here.
export * from './account-tables.ts';
export * from './erasure-service.ts';
export * from './export-service.ts';
export * from './retention-service.ts';
