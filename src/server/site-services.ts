/**
 * What server-rendered Astro pages may ask of the server, passed through Astro `locals`
 * so the Astro bundle never imports the database.
 */
export type PostPreview = { id: number; title: string; description: string; circleName: string; image: string | null };
export type CirclePreview = { id: number; name: string; description: string };

export type SiteServices = {
  /** A post of a public circle, for `<title>` and OpenGraph tags; null when missing or private. */
  postPreview: (id: number) => Promise<PostPreview | null>;
  /** A public circle by the channel page's address (its id, or its name from `?key=`); null when missing or private. */
  circlePreview: (address: { id: string } | { name: string }) => Promise<CirclePreview | null>;
  /** The grievance officer's published details (GRIEVANCE_OFFICER_*), read per request so a change needs no rebuild. */
  grievanceOfficer: () => { name: string; address: string; email: string };
  /** The staff role of whoever holds these tokens (the app's cookies); null for everyone else. */
  staffRole: (tokens: { access?: string; refresh?: string }) => Promise<'moderator' | 'admin' | null>;
};
