import type { NotificationCode, NotificationParams } from './notification-messages.ts';
/** Response shapes of the API, exactly as the spec names them (section 3); shared by server mappers and islands. */
import type { ImageSources } from './media-variants.ts';

export type Paged<T> = { count: number; next: string | null; previous: string | null; results: T[] };
/**
 * A feed's page: `count` is null when the feed is filtered by language (its total is not kept by a counter, and is
 * never counted per request); `next` then says whether there is more.
 */
export type FeedPage<T> = Omit<Paged<T>, 'count'> & { count: number | null };

export type { ChannelType, CircleRole, ModerationStatus, JoinRequestStatus, NotificationKind } from './statuses.ts';
import type { ChannelType, CircleRole, ModerationStatus, JoinRequestStatus, NotificationKind } from './statuses.ts';
import type { Lang } from './i18n.ts';
import type { PostLanguage } from './post-languages.ts';

export type Post = {
  id: number;
  title: string;
  description: string;
  images: string[];
  /**
   * Present only when there are images: beside `images`, one per image in the same order: its pixel size and its smaller WebP/AVIF variants, for
   * `srcset` and a reserved box. Width and height are null (and no variants) for an image stored before variants,
   * or an animated one.
   */
  image_sources?: ImageSources[];
  videos: string[];
  /**
   * Present only when there are videos: beside `videos`, one per video in the same order: its poster frame (an image
   * with its size and WebP/AVIF variants, as in `image_sources`), or null for a video sent without one.
   */
  video_posters?: (ImageSources | null)[];
  posted_by: string;
  /** Author's avatar colour, for the initial avatar. */
  posted_by_color: string;
  created_at: string;
  circle: { id: number; name: string; channel_type: ChannelType };
  liked: boolean;
  disliked: boolean;
  /** The tags it chose (at most three, of its channel's), in the order the channel made them. */
  tags: PostTag[];
  /** Its images, then its videos, each with its description (beside `images` and `videos`, kept for older clients). */
  media_items: MediaItem[];
  /** Whether the signed-in viewer saved (bookmarked) it; false for a visitor. */
  saved: boolean;
  like_count: number;
  dislike_count: number;
  comment_count: number;
  /** The language of its title and text, detected when written or edited (BCP 47: en, hi, hi-Latn, mr, bn, ta, te, kn; und when it has no words to tell by). */
  language: PostLanguage;
  /** 'held': seen only by its author ("Held for review") and staff; 'removed': content withheld, reason shown. */
  moderation_status: ModerationStatus;
  /** A banner for readers when the scam shield suspects fraud. */
  safety_warning: SafetyWarning;
  /** Why moderators removed it, when removed. */
  removed_reason: string | null;
  /** Present (true) only on a held item that members' reports hid: its author reads "Hidden pending review". */
  hidden_pending_review?: true;
  /** Present only once its author has edited it: when they last did. */
  edited_at?: string;
  /** 'scheduled': seen by its author only, until the job publishes it at `publish_at`; every other post is 'published'. */
  status: PostStatus;
  /** Present only on a scheduled post: when it is to be published (UTC). */
  publish_at?: string;
  /** Present (true) only on a scheduled post whose publish the checks refused: it waits for a new time or a cancel. */
  publish_refused?: true;
  /** Its poll, or null for a post without one. */
  poll: Poll | null;
  /** A link post's link and its preview (fetched after the post: `pending`, then `ready` or `failed`), or null. */
  link: LinkPreview | null;
};

/** A linked page's preview: its title, description and image (ours, re-encoded), all null until fetched or when absent. */
export type LinkPreview = {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  status: 'pending' | 'ready' | 'failed';
};

export type PostStatus = 'published' | 'scheduled';

/** A post's poll as the viewer sees it: counts (`votes`, `total_votes`) are null until they voted or it closed. */
export type Poll = {
  options: { id: number; text: string; votes: number | null }[];
  multiple: boolean;
  closes_at: string;
  closed: boolean;
  /** Only members who meet the channel's verification requirement may vote. */
  verified_only: boolean;
  /** Every option's votes added up (a member choosing two options of a multiple-choice poll counts twice). */
  total_votes: number | null;
  /** The option ids the viewer chose; [] before voting (and for a visitor). */
  my_votes: number[];
};

/**
 * One image or video of a post or comment, with its description. `renditions` and `transcode` are for videos made
 * smaller for slow networks; this build keeps every upload as sent, so they are `[]` and null.
 */
export type MediaItem = {
  kind: 'image' | 'video';
  url: string;
  /** The description its author gave (the image's `alt`), or null. */
  alt: string | null;
  /** A video's renditions, smallest first (empty until made); none for an image. */
  renditions: VideoRendition[];
  /** Where a video's renditions stand; null for an image (and a video uploaded before renditions). */
  transcode: 'pending' | 'ready' | 'failed' | null;
};

/** One rendition of a video: H.264/AAC MP4 at a height, with its size in bytes. */
export type VideoRendition = { height: number; url: string; bytes: number };
/** A video's renditions and where their making stands. */
export type VideoRenditions = { transcode: 'pending' | 'ready' | 'failed'; renditions: VideoRendition[] };

/** A channel's tag (flair): its name in white on its colour (`#rrggbb`, 4.5:1 or more). */
export type PostTag = { id: number; name: string; color: string };

/** A feed's order: `new` (the default), `hot` (votes decayed by age), or the most liked of the day, week or all time. */
export type FeedSort = 'new' | 'hot' | 'top_day' | 'top_week' | 'top_all';
/** A comment list's order: `best` (upvotes decayed by age, the default), `new`, or `top` (upvotes). */
export type CommentSort = 'best' | 'new' | 'top';

export type SafetyWarning = { kind: 'scam'; message: string } | null;

export type ThemeColors = { primary: string; secondary: string };

/** 'member' (owner included), 'pending' (asked to join a private circle), or 'none'. */
export type MembershipStatus = 'member' | 'pending' | 'none';

/** What a channel asks its members to have verified; `label` says it in words ("academic e-mail"). */
export type CircleRequirement = { kind: 'academic' | 'institution' | 'credential'; value: string | null; label: string };

/** One of a channel's moderators, by handle (GET /api/circles/{id}/moderators/). */
export type ChannelModerator = { username: string };

/** A channel's canned removal reason, in the language it is written in (GET /api/circles/{id}/removal-reasons/). */
export type RemovalReason = { id: number; text: string; language: Lang };

/** One of a channel's rules, as its owner wrote it (GET /api/circles/{id}/rules/). */
export type CircleRule = { title: string; body: string };

export type Circle = {
  id: number;
  name: string;
  description: string;
  channel_type: ChannelType;
  channel_name: string;
  members_count: number;
  is_member: boolean;
  is_owner: boolean;
  /** The viewer is one of the moderators the owner appointed: they review the channel's queue and act on it. */
  is_moderator: boolean;
  membership_status: MembershipStatus;
  theme_colors: ThemeColors;
  created_at: string;
  requirement: CircleRequirement | null;
  /** The owner asks for a description (alt text) of every image posted here. */
  alt_text_required: boolean;
};

export type CircleSearchHit = {
  id: number;
  name: string;
  channel_type: ChannelType;
  members_count: number;
  requirement: CircleRequirement | null;
};

/** A join request's status; an owner's decision ('approve' / 'reject', the verb in its URL) moves it on. See docs/glossary.md. */
export type Decision = 'approve' | 'reject';
export type JoinRequest = { id: number; circle_id: number; user: string; status: JoinRequestStatus; created_at: string };

export type JoinResult = { detail: string; status: 'joined' | 'pending'; circle: Circle };

export type Comment = {
  id: number;
  post: number;
  body: string;
  media_kind: 'image' | 'video' | null;
  media_url: string | null;
  /** Its media (none or one) with the description its author gave, as a post's `media_items`. */
  media_items: MediaItem[];
  /** Present only for an image: its size and smaller WebP/AVIF variants, as a post's `image_sources`. */
  media_sources?: ImageSources;
  /** Present only for a video sent with its poster frame: the frame as an image with its size and variants. */
  media_poster?: ImageSources;
  author: string;
  author_color: string;
  created_at: string;
  /** The language of its text, as a post's (`und` for media alone, or a deleted comment's). */
  language: PostLanguage;
  upvote_count: number;
  moderation_status: ModerationStatus;
  safety_warning: SafetyWarning;
  removed_reason: string | null;
  /** Present (true) only on a held item that members' reports hid: its author reads "Hidden pending review". */
  hidden_pending_review?: true;
  /** The comment it replies to; null for a top-level comment. */
  parent: number | null;
  /** Replies below it at any depth that readers can see (not deleted, not held). */
  reply_count: number;
  /** Whether the signed-in reader upvoted it (false for a visitor). */
  upvoted: boolean;
  /** When its author last edited it; null if never. */
  edited_at: string | null;
  /** Deleted by its author: body and media are empty and the thread shows "[deleted]". */
  deleted: boolean;
};

/**
 * A comment in a list with its first replies, nested: each level holds the first few replies in the list's order,
 * down to THREAD_DEPTH; the rest come from `/api/posts/comments/{id}/replies/`. A nested reply has `replies` only
 * when some of its own are included.
 */
export type ThreadComment = Comment & { replies?: ThreadComment[] };
export type ListedComment = Comment & { replies: ThreadComment[] };

export type CommentsResponse = { post: Post; comments: Paged<ListedComment> };
export type UpvoteResult = { comment_id: number; upvoted: boolean; upvote_count: number };

export type Notification = {
  id: number;
  kind: NotificationKind;
  created_at: string;
  read: boolean;
  /** Who did it, by handle; null when it was the moderators or the system. */
  actor: string | null;
  post_id: number | null;
  comment_id: number | null;
  /** The line in English, as stored. Screens word `code` instead, in the reader's language. */
  text: string;
  /** What it says as a catalog code (`notifications.text.<code>`) and its values; null for a line stored before codes. */
  code: NotificationCode | null;
  params: NotificationParams;
};

/**
 * Where the query's words are in a shown text: [start, end) offsets in UTF-16 code units (JavaScript string indices),
 * in order and not overlapping. A screen marks them; the text itself is never HTML.
 */
export type HighlightRange = [number, number];
export type SearchSort = 'relevant' | 'new';
export type SearchResponse = {
  search: {
    posts: {
      id: number;
      title: string;
      description: string;
      user: string;
      circle_name: string;
      highlights: { title: HighlightRange[]; description: HighlightRange[] };
    }[];
    channels: {
      id: number;
      name: string;
      description: string;
      channel_type: ChannelType;
      requirement: CircleRequirement | null;
      highlights: { name: HighlightRange[]; description: HighlightRange[] };
    }[];
    comments: { id: number; post_id: number; user: string; body: string; highlights: { body: HighlightRange[] } }[];
  };
  /** The query as it was matched in the other script (धोखाधड़ी for "dhokhadhadi", or back), when that found results; else null. */
  transliterated: string | null;
};

export type CredentialKind = 'ca' | 'cfa' | 'doctor' | 'lawyer' | 'engineer' | 'other';

/**
 * What a credential chip says beyond `label` (English), so screens word it in their language: the credential's kind,
 * and for 'other' the credential's own name as its holder gave it. Email, academic and Aadhaar chips are worded by
 * their `kind`; an institution chip's label is the institution's name.
 */
export type CredentialWords = { code?: CredentialKind; name?: string };

export type IdentityChip = { kind: string; label: string } & CredentialWords;

/** One thing the account has proven (the sign-in e-mail included); the identity chips follow this list. */
export type Verification = {
  kind: 'email' | 'academic' | 'institution' | 'credential' | 'aadhaar';
  label: string;
  verified_at: string;
} & CredentialWords;

/** A credential sent for review, as its sender sees it. */
export type CredentialRequest = {
  id: number;
  kind: CredentialKind;
  name: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  /** Why it was rejected or expired. */
  reason: string | null;
  created_at: string;
  decided_at: string | null;
};

/** A credential request in the staff queue: no handle, so a document's name is never tied to an account. */
export type StaffCredentialRequest = CredentialRequest & { document_type: string | null; document_url: string | null };

export type ProfileCircle = {
  circle_id: number;
  circle_name: string;
  channel_type: ChannelType;
  role: CircleRole;
  joined_at: string;
};

export type ProfileResponse = {
  profile: { id: number; username: string; profile_image: string | null; is_aadhaar_verified: boolean };
  color: string;
  animal: string;
  identity: IdentityChip[];
  verifications: Verification[];
  is_verified: boolean;
  circles: Paged<ProfileCircle>;
  posts: Paged<Post>;
};

/** What anyone may see of a member (the card an @mention links to): the handle, its colour and animal, its chips. */
export type ProfileCard = { username: string; color: string; animal: string; identity: IdentityChip[]; member_since: string };

export type VerifyOtpResponse = { access: string; refresh: string; is_registered: boolean };

/** GET/POST /api/users/me/consent/: the current notice `version` and whether the member must agree to it. */
/** The privacy notice's version (derived from the privacy page), whether the member must agree (again), and what changed since they did. */
export type ConsentStatus = {
  version: number;
  required: boolean;
  consented_version: number | null;
  agreed_at: string | null;
  /** The notice's material changes since the member agreed, newest first, in the reader's language. */
  changes: { version: number; effective: string; changes: string[] }[];
  withdrawn_at: string | null;
  erase_after: string | null;
};

/** A "Download my data" export; `download_url` (a signed link, 10 minutes) once ready. */
export type DataExport = {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  download_url: string | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
};

/** The landing page's figures (GET /api/site/figures/); null: not shown (zero, or misleading on a small install). */
export type SiteFigures = {
  verified_members: number | null;
  /** Verified members as a share of all members, in percent. */
  verified_share: number | null;
  channels: number | null;
  /** Institutions with enough verified members to be named on a chip. */
  institutions: number | null;
  /** The median time from a report to a moderator's decision in the last 30 days, in minutes. */
  median_decision_minutes: number | null;
  /** Posts and comments the scam shield held in the last 30 days. */
  scams_stopped_30d: number | null;
};

/** A member's draft of a post (GET/POST /api/users/me/drafts/, PUT/DELETE /api/users/me/drafts/{id}/): private to them. */
export type Draft = { id: number; circle: { id: number; name: string } | null; title: string; description: string; updated_at: string };
