/**
 * What server-rendered Astro pages may ask of the server, passed through Astro `locals`
 * so the Astro bundle never imports the database.
 */
import type { FeedPage, Post } from '../lib/api-types.ts';
import type { Lang } from '../lib/i18n.ts';

export type PostPreview = { id: number; title: string; description: string; circleName: string; image: string | null };
export type CirclePreview = { id: number; name: string; description: string };

export type SiteServices = {
  /** A post of a public circle, for `<title>` and OpenGraph tags; null when missing or private. */
  postPreview: (id: number) => Promise<PostPreview | null>;
  /** A public circle by the channel page's address (its id, or its name from `?key=`); null when missing or private. */
  circlePreview: (address: { id: string } | { name: string }) => Promise<CirclePreview | null>;
  /** The grievance officer's published details (GRIEVANCE_OFFICER_*), read per request so a change needs no rebuild. */
  grievanceOfficer: () => { name: string; address: string; email: string };
  /**
   * The public feed's first page for a visitor, exactly as the API answers `GET /api/posts/public/feed/?<query>`
   * (the feed screen renders it on the server, so its first image loads with the page); null when the API could
   * not answer (the screen then loads it in the browser as before).
   */
  publicFeedPage: (query: string) => Promise<FeedPage<Post> | null>;
  /**
   * A member's feed's first page, as `GET /api/posts/user/feed/?<query>` answers it for the holder of this access token
   * (the feed renders it on the server, as it does a visitor's); null when the token is not good (the screen then checks
   * it in the browser as before). `lang` is the page's language, sent as the browser's API client sends it.
   */
  memberFeedPage: (access: string, query: string, lang: Lang) => Promise<FeedPage<Post> | null>;
  /** The staff role of whoever holds these tokens (the app's cookies); null for everyone else. */
  staffRole: (tokens: { access?: string; refresh?: string }) => Promise<'moderator' | 'admin' | null>;
};
