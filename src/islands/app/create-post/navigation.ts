/**
 * Back buttons: return to the previous page of this site, or to the feed on a direct visit
 * (where history.back() would leave the site or do nothing).
 */
export function goBack(fallback = '/home/posts') {
  const cameFromHere = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
  if (cameFromHere && history.length > 1) history.back();
  else location.assign(fallback);
}

export const createPostUrl = (channelName: string) => `/home/create?channelName=${encodeURIComponent(channelName)}`;
