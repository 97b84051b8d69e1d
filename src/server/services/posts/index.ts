// The posts domain's only door: code outside this folder imports from here.
export * from './image-text-screening.ts';
export * from './post-mapper.ts';
export * from './posts-service.ts';
export * from './reactions-service.ts';
export * from './saved-service.ts';
export * from './drafts-service.ts';
export * from './scheduled-service.ts';
export * from './polls-service.ts';
export * from './link-previews.ts';
export * from './video-transcoding.ts';
export * from './language-backfill.ts';
