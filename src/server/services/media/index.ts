// The media domain's only door: code outside this folder imports from here.
export * from './image-reencoding.ts';
export * from './media-files.ts';
export * from './media-recognition.ts';
export * from './mp4-metadata.ts';
export * from './private-media.ts';
export * from './uploads-service.ts';
export * from './video-posters.ts';
export * from './video-renditions.ts';
