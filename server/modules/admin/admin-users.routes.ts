import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ADMIN_MESSAGES,
  type AdminUserDetails,
  type AdminUsersPage,
  adminIdParamsSchema,
  adminUserDetailsSchema,
  adminUserSavedSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUserUpdateSchema,
} from "../../../common/contract/admin";
import { messageResponseSchema } from "../../../common/contract/wire";
import { asCsvAttachment } from "../../lib/csv";

import { notFound } from "../../lib/http-error";
import { signedInUser } from "../../lib/session-guards";
import {
  adminUsersCsv,
  deleteAdminUser,
  findAdminUserDetails,
  listAdminUsers,
  setUserActive,
  updateAdminUser,
  usersCsvFilename,
} from "./admin-users.service";

// The administrator's 'Usuários' tab (spec 2, 3, 5, 7): inside the admin scope, so every route here
// is behind the one requireAdmin guard (app.ts); request.user is the administrator.
export const adminUsersRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  /** Activate, deactivate, delete: one user by id, answered with what the panel says. */
  const adminUserAction = { params: adminIdParamsSchema, response: { 200: messageResponseSchema } };

  // One page of the users, searched (email, name) and sorted (date, email, name, usage) in SQL.
  app.get(
    "/api/admin/users",
    { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } },
    async (request): Promise<AdminUsersPage> => listAdminUsers(app.db, request.query),
  );

  // 'Exportar CSV': the same search and sort, no paging (at most 100 000 rows), streamed.
  app.get(
    "/api/admin/users/export.csv",
    { schema: { querystring: adminUsersQuerySchema } },
    async (request, reply) => {
      const { q, sort, order } = request.query;
      asCsvAttachment(reply, usersCsvFilename());
      return reply.send(Readable.from(adminUsersCsv(app.db, { q, sort, order })));
    },
  );

  // 'Detalhes': one user with their plan, usage and how they sign in; 404 for an unknown id.
  app.get(
    "/api/admin/users/:id",
    { schema: { params: adminIdParamsSchema, response: { 200: adminUserDetailsSchema } } },
    async (request): Promise<AdminUserDetails> => {
      const user = await findAdminUserDetails(app.db, request.params.id);
      if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
      return user;
    },
  );

  // Edits email, admin and active flags, plan and custom limits; answers the user as the table shows it.
  app.put(
    "/api/admin/users/:id",
    {
      schema: {
        params: adminIdParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSavedSchema },
      },
    },
    async (request) => {
      const user = await updateAdminUser(app, signedInUser(request), request.params.id, request.body);
      return { message: ADMIN_MESSAGES.userUpdated, user };
    },
  );

  // Activates a user: they may sign in again.
  app.post("/api/admin/users/:id/activate", { schema: adminUserAction }, async (request) => {
    await setUserActive(app, signedInUser(request), request.params.id, true);
    return { message: ADMIN_MESSAGES.userActivated };
  });

  // Deactivates a user: their sessions end now and login refuses them (their pages stay public).
  app.post("/api/admin/users/:id/deactivate", { schema: adminUserAction }, async (request) => {
    await setUserActive(app, signedInUser(request), request.params.id, false);
    return { message: ADMIN_MESSAGES.userDeactivated };
  });

  // Deletes a user and all their data; their links and pages stop at once in every process.
  app.delete("/api/admin/users/:id", { schema: adminUserAction }, async (request) => {
    await deleteAdminUser(app, request, signedInUser(request), request.params.id);
    return { message: ADMIN_MESSAGES.userDeleted };
  });
};
