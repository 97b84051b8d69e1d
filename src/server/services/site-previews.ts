import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { circles, posts } from '../db/schema.ts';
import type { SiteServices } from '../site-services.ts';
import { plainTextExcerpt } from './search-service.ts';

/** Read-only lookups for server-rendered pages: public content only, since their HTML may be shared anywhere. */
export function createSiteServices(db: Db): SiteServices {
  return {
    async postPreview(id) {
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const [row] = await db
        .select({ id: posts.id, title: posts.title, description: posts.description, images: posts.images, circleName: circles.name })
        .from(posts)
        .innerJoin(circles, eq(circles.id, posts.circleId))
        .where(and(eq(posts.id, id), eq(circles.channelType, 'public'), eq(posts.moderationStatus, 'visible')))
        .limit(1);
      if (!row) return null;
      return { id: row.id, title: row.title, description: plainTextExcerpt(row.description), circleName: row.circleName, image: row.images[0] ?? null };
    },
    async circlePreview(idOrName) {
      const byId = /^\d{1,9}$/.test(idOrName);
      const [row] = await db
        .select({
          id: circles.id,
          name: circles.name,
          description: sql<string>`case when ${circles.descriptionVerdict} = 'held' then '' else ${circles.description} end`,
        })
        .from(circles)
        .where(and(byId ? eq(circles.id, Number(idOrName)) : sql`lower(${circles.name}) = lower(${idOrName})`, eq(circles.channelType, 'public')))
        .limit(1);
      return row ?? null;
    },
  };
}
