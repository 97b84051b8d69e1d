import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A member suspended site-wide may read but not write: every signed-in POST, PUT, PATCH or DELETE under /api/
 * answers 403 with the suspension's end in words. Signing in and out, the member's own account settings and
 * complaints to the grievance officer (the way to appeal) stay open. Suspensions from one channel are checked
 * where a write names its channel (posting, commenting, reacting).
 */
const OPEN_TO_SUSPENDED = ['/api/auth/', '/api/token/', '/api/users/me/', '/api/grievances/', '/api/notifications/'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function suspensionsPlugin(app: FastifyInstance) {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.user || READS.has(request.method)) return;
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/') || OPEN_TO_SUSPENDED.some((prefix) => path.startsWith(prefix))) return;
    await app.ctx.services.suspensions.assertMayWrite(request.user.id);
  });
}

export default fp(suspensionsPlugin, { name: 'suspensions', dependencies: ['auth'] });
