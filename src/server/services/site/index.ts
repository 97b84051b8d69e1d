// The site domain's only door: code outside this folder imports from here.
export * from './site-figures.ts';
export * from './site-previews.ts';
export * from './featured.ts';
export * from './syndication.ts';
