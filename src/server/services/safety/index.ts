// The safety domain's only door: code outside this folder imports from here.
export * from './cues.ts';
export * from './domains.ts';
export * from './evaluate.ts';
export * from './features.ts';
export * from './identifiers.ts';
export * from './image-text.ts';
export * from './lexicon.ts';
export * from './model.ts';
export * from './normalise.ts';
export * from './scam-shield.ts';
export * from './screen.ts';
export * from './suspect-registry.ts';
export * from './qr.ts';
export * from './teacher.ts';
