import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { circles, posts } from '../../db/schema/index.ts';
import type { SiteServices } from '../../site-services.ts';
import { findCircle, parseCircleRef } from '../circles/index.ts';
import { staffRoleOf } from '../accounts/index.ts';
import { TokenError, type TokenService } from '../accounts/index.ts';
import { plainTextExcerpt } from '../search/index.ts';

/** Read-only lookups for server-rendered pages: public content only, since their HTML may be shared anywhere. */
/** The lookups the database answers; the first feed page is added where the app is built (it asks the API). */
export function createSiteServices(
  db: Db,
  tokens: TokenService,
  config: Pick<Config, 'grievanceOfficer'>,
): Omit<SiteServices, 'publicFeedPage' | 'memberFeedPage'> {
  /** The account a token names, or null when it is missing, expired, blacklisted or forged. */
  async function userIdOf(token: string | undefined, type: 'access' | 'refresh'): Promise<number | null> {
    if (!token) return null;
    try {
      return (await tokens.validate(token, type)).user_id;
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
  }

  return {
    grievanceOfficer: () => config.grievanceOfficer,
    async staffRole({ access, refresh }) {
      // An expired access token is renewed by the islands; the refresh token names the same person meanwhile.
      const userId = (await userIdOf(access, 'access')) ?? (await userIdOf(refresh, 'refresh'));
      return userId === null ? null : staffRoleOf(db, userId);
    },
    async postPreview(id) {
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const [row] = await db
        .select({ id: posts.id, title: posts.title, description: posts.description, images: posts.images, circleName: circles.name })
        .from(posts)
        .innerJoin(circles, eq(circles.id, posts.circleId))
        .where(and(eq(posts.id, id), eq(circles.channelType, 'public'), eq(posts.moderationStatus, 'visible')))
        .limit(1);
      if (!row) return null;
      return {
        id: row.id,
        title: row.title,
        description: plainTextExcerpt(row.description),
        circleName: row.circleName,
        image: row.images[0] ?? null,
      };
    },
    async circlePreview(address) {
      const ref = 'id' in address ? parseCircleRef('id', address.id) : parseCircleRef('name', address.name);
      const circle = ref ? await findCircle(db, null, ref) : null;
      if (!circle || circle.channel_type !== 'public') return null;
      return { id: circle.id, name: circle.name, description: circle.description };
    },
  };
}
