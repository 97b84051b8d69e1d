// The writing domain's only door: code outside this folder imports from here.
export * from './sanitize-html.ts';
export * from './write-limits.ts';
export * from './write-gate.ts';
