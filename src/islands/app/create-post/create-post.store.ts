import { atom } from 'nanostores';
import { api, ApiError, errorMessage } from '../../../lib/browser/api-client.ts';
import { createUploadTracker } from '../../../lib/upload-tracker.ts';
import type { Circle, CircleSearchHit, Paged, Post, PostTag, ProfileResponse } from '../../../lib/api-types.ts';
import type { PollInput } from '../../../lib/validation-rules.ts';
import { uploadKindOf } from '../common/media-types.ts';
import { POSTER_FILE_NAME, posterFrameOf } from '../../../lib/browser/video-poster.ts';
import { translator, type Translate } from '../../../lib/i18n.ts';

export type PostTab = 'text' | 'images' | 'link' | 'poll';

export type PostDraft = {
  /** Circle id or name; the API accepts either. */
  circle: string;
  title: string;
  description: string;
  tab: PostTab;
  files: File[];
  /** Ids of the channel's tags the post chooses (at most three). */
  tags?: number[];
  /** Each picked image's description (its alt text), by file. */
  alts?: ReadonlyMap<File, string>;
  /** When to publish it (ISO 8601, UTC), for a scheduled post; absent to post now. */
  publishAt?: string;
  /** The poll, on the Poll tab. */
  poll?: PollInput;
  /** The page it links to, on the Link tab (its preview is fetched by the server after the post). */
  link?: string;
};

/** How long a poll stays open, as the create-post screen offers it (the spec's 1, 3 and 7 days, and an hour). */
export const POLL_DURATIONS = [
  { hours: 1, label: 'createPost.pollHour' },
  { hours: 24, label: 'createPost.pollDay' },
  { hours: 72, label: 'createPost.pollThreeDays' },
  { hours: 168, label: 'createPost.pollWeek' },
] as const;

/** The poll a draft sends: its options, one or several choices, closing `hours` after `from` (now, or its scheduled time). */
export const pollOf = (options: string[], multiple: boolean, hours: number, from: Date): PollInput => ({
  options: options.map((option) => option.trim()),
  multiple,
  closes_at: new Date(from.getTime() + hours * 3_600_000).toISOString(),
});

export const UNEXPECTED_ERROR = translator('en')('common.unexpectedError');

/** The create-post screen's phase: editing, or waiting for the server ('Processing...' overlay). */
export const $posting = atom(false);

/** A picked file's poster frame (null when it has none, or it is no video). */
export type PosterFrames = ReadonlyMap<File, Blob | null>;

/**
 * Text posts go as JSON; media posts as multipart with each file under `images` or `videos`, a video followed by its
 * poster frame (`video_posters`) when one was drawn.
 */
export function buildPostBody(
  draft: PostDraft,
  posters: PosterFrames = new Map(),
): Record<string, string | number[] | PollInput> | FormData {
  const fields = {
    circle: draft.circle.trim(),
    title: draft.title,
    description: draft.description,
    ...(draft.publishAt ? { publish_at: draft.publishAt } : {}),
  };
  const tags = draft.tags ?? [];
  if (draft.tab === 'poll' && draft.poll) return { ...fields, ...(tags.length ? { tags } : {}), poll: draft.poll };
  if (draft.tab === 'link' && draft.link?.trim()) return { ...fields, ...(tags.length ? { tags } : {}), link: draft.link.trim() };
  if (draft.tab !== 'images' || draft.files.length === 0) return tags.length ? { ...fields, tags } : fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  // A form field holds one value: the tags go comma-separated.
  if (tags.length) form.append('tags', tags.join(','));
  for (const file of draft.files) {
    form.append(isVideo(file) ? 'videos' : 'images', file, file.name);
    const poster = isVideo(file) ? posters.get(file) : null;
    if (poster) form.append('video_posters', poster, POSTER_FILE_NAME);
  }
  // One `alts` per image, in the images' order ('' for one without), once any image has a description.
  const images = draft.files.filter((file) => !isVideo(file));
  if (images.some((file) => draft.alts?.get(file)?.trim()))
    for (const file of images) form.append('alts', draft.alts?.get(file)?.trim() ?? '');
  return form;
}

/** The draft's images that have no description yet (the reminder before posting names them). */
export const undescribedImages = (draft: Pick<PostDraft, 'tab' | 'files' | 'alts'>): File[] =>
  draft.tab !== 'images' ? [] : draft.files.filter((file) => !isVideo(file) && !draft.alts?.get(file)?.trim());

/** A description's longest length (the server's rule too). */
export const ALT_MAX_LENGTH = 1000;

/** The poster frames of a draft's videos (drawn when they were picked; a failed one is null, and never an error). */
export async function posterFramesOf(draft: PostDraft): Promise<PosterFrames> {
  if (draft.tab !== 'images') return new Map();
  const videos = draft.files.filter(isVideo);
  return new Map(await Promise.all(videos.map(async (file) => [file, await posterFrameOf(file)] as const)));
}

export const isVideo = (file: Pick<File, 'type' | 'name'>) => uploadKindOf(file) === 'video';
/** A file the post may carry: an image or a video the server takes (see ../common/media-types.ts). */
export const isUploadable = (file: Pick<File, 'type' | 'name'>) => uploadKindOf(file) !== null;

/** Spec section 8: the server's detail, else the error's message, else 'An unexpected error occurred'. */
export function postFailureMessage(error: unknown, t: Translate = translator('en')): string {
  const unexpected = t('common.unexpectedError');
  if (error instanceof ApiError) return errorMessage(error.data, error.message || unexpected);
  if (error instanceof Error && error.message) return error.message;
  return unexpected;
}

/** The post's files on their way: progress for the overlay, and Cancel. */
export const postUpload = createUploadTracker();

/**
 * Creates the post; the overlay store is set while the call runs. A post with files goes through the upload
 * helper, so the overlay shows how far it is and can cancel it (UploadCancelled). Throws what the API threw.
 */
export async function submitPost(draft: PostDraft): Promise<Post> {
  $posting.set(true);
  try {
    const body = buildPostBody(draft, await posterFramesOf(draft));
    if (body instanceof FormData) return await postUpload.send<Post>('/api/posts/', body);
    return await api<Post>('/api/posts/', { method: 'POST', body });
  } finally {
    $posting.set(false);
  }
}

/** A picker row for one of the member's channels (the profile lists them without a member count). */
export type CommunitySuggestion = { id: number; name: string; members_count: number | null; mine: boolean };

/**
 * What the picker lists as soon as it opens, before anything is typed: the member's own channels, then popular ones
 * they are not in. Failures are only logged: the member can still type a name.
 */
export async function suggestCommunities(): Promise<CommunitySuggestion[]> {
  const [profile, popular] = await Promise.all([
    api<ProfileResponse>('/api/users/me/profile/').catch(
      (error: unknown) => (console.error('Own channels could not be listed', error), null),
    ),
    api<Paged<Circle>>('/api/circles/', { query: { sort: 'active' } }).catch(
      (error: unknown) => (console.error('Popular channels could not be listed', error), null),
    ),
  ]);
  const mine: CommunitySuggestion[] = (profile?.circles.results ?? []).map((c) => ({
    id: c.circle_id,
    name: c.circle_name,
    members_count: null,
    mine: true,
  }));
  const seen = new Set(mine.map((c) => c.id));
  const others = (popular?.results ?? [])
    .filter((c) => !seen.has(c.id) && !c.is_member && c.channel_type === 'public')
    .map((c) => ({ id: c.id, name: c.name, members_count: c.members_count, mine: false }));
  return [...mine, ...others];
}

/** Community search for the picker; failures are only logged (spec section 8). */
export async function searchCommunities(query: string): Promise<CircleSearchHit[]> {
  const q = query.trim();
  if (!q) return [];
  try {
    const page = await api<Paged<CircleSearchHit>>('/api/circles/search/', { query: { q } });
    return page.results;
  } catch (error) {
    console.error('Community search failed', error);
    return [];
  }
}

/** How many tags a post may choose (the server's rule too). */
export const MAX_POST_TAGS = 3;

/**
 * The tags of the channel the member typed or picked (an id or a name): the channel is looked up, then its tags.
 * Empty for a blank or unknown channel, or when either call fails (the post can go without tags).
 */
export async function tagsOfCommunity(community: string): Promise<PostTag[]> {
  const ref = community.trim();
  if (!ref) return [];
  try {
    const query = /^\d+$/.test(ref) ? { circle_id: ref } : { circle_name: ref };
    const circle = await api<Circle>('/api/circles/members/', { query });
    const page = await api<Paged<PostTag>>(`/api/circles/${circle.id}/tags/`);
    return page.results;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) console.error('Channel tags could not be listed', error);
    return [];
  }
}
