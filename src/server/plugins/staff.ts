import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../platform/errors.ts';
import { roleCovers, staffRoleOf, type StaffRole } from '../services/accounts/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireStaff`/`requireRole`: the signed-in person's staff role. */
    staffRole: StaffRole | null;
  }
  interface FastifyInstance {
    /** For `onRequest`: 401 without credentials, 403 unless the person holds a staff role. */
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /** For `onRequest`: like requireStaff, and the role must cover `role` (an admin covers a moderator). */
    requireRole: (role: StaffRole) => (request: FastifyRequest) => Promise<void>;
  }
}

async function staffPlugin(app: FastifyInstance) {
  app.decorateRequest('staffRole', null);

  async function loadRole(request: FastifyRequest): Promise<StaffRole> {
    await app.requireUser(request);
    const role = await staffRoleOf(app.ctx.db, request.user!.id);
    if (!role) throw forbidden();
    request.staffRole = role;
    return role;
  }

  app.decorate('requireStaff', async (request: FastifyRequest) => void (await loadRole(request)));
  app.decorate('requireRole', (needed: StaffRole) => async (request: FastifyRequest) => {
    if (!roleCovers(await loadRole(request), needed)) throw forbidden();
  });
}

export default fp(staffPlugin, { name: 'staff', dependencies: ['auth'] });
