// The circles domain's only door: code outside this folder imports from here.
export * from './circle-mapper.ts';
export * from './circles-service.ts';
export * from './join-requests-service.ts';
export * from './visibility.ts';
export * from './tags-service.ts';
export * from './moderators-service.ts';
