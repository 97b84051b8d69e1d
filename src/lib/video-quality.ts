import type { VideoRendition } from './api-types.ts';

/**
 * Which rendition of a video a player starts with: the smallest under data saver, on a connection that asks to save
 * data or on 2G; at most 360p on 3G; else the largest. `navigator.connection` (Chrome, Android) says the connection;
 * where a browser does not, the largest plays unless data saver is on.
 */
export type Connection = { saveData?: boolean; effectiveType?: string } | undefined;

export function chosenRendition(renditions: readonly VideoRendition[], dataSaver: boolean, connection: Connection): VideoRendition | null {
  if (renditions.length === 0) return null;
  const smallestFirst = [...renditions].sort((a, b) => a.height - b.height);
  const type = connection?.effectiveType ?? '';
  if (dataSaver || connection?.saveData || type === 'slow-2g' || type === '2g') return smallestFirst[0];
  if (type === '3g') return [...smallestFirst].reverse().find((each) => each.height <= 360) ?? smallestFirst[0];
  return smallestFirst[smallestFirst.length - 1];
}

/** The browser's connection, where it tells one. */
export const browserConnection = (): Connection =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: Connection }).connection;
