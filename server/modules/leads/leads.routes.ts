import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LEAD_MESSAGES,
  LEAD_PAGE_SIZE,
  leadIdParamsSchema,
  leadListQuerySchema,
  leadListSchema,
  leadsDeletedSchema,
} from "../../../common/contract/leads";
import { asCsvAttachment } from "../../lib/csv";
import { HttpError } from "../../lib/http-error";
import { paging } from "../../lib/paging";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { onLeadCreated } from "./lead-created";
import { leadLimitOf } from "./lead-quota";
import {
  deleteAllLeads,
  deleteLead,
  findLeadWithConsent,
  hiddenLeads,
  leadsMatching,
  listLeads,
  toLead,
} from "./leads.queries";
import { leadExportFilename, leadsCsv } from "./leads-csv";

// The owner's contacts ("Contatos"): the leads of all their pages' forms, with a session or an API
// key (leads:read, leads:write). Only the leads the plan shows this month are listed or exported;
// another user's lead answers 404.
export const leadsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // A new lead goes to its owner's lead.created webhooks; one past the plan's limit stays hidden
  // there too, as on Contatos, until an upgrade or the next month.
  onLeadCreated(app, async ({ lead, overLimit }) => {
    if (overLimit || !app.webhooks.wants(lead.userId, "lead.created")) return;
    const found = await findLeadWithConsent(app.db, lead.id);
    if (found) app.webhooks.leadCreated(lead.userId, toLead(found));
  });

  // A page of the user's leads, newest first, searched and filtered, with how many this month's
  // limit hides.
  app.get(
    "/api/leads",
    {
      preHandler: requireUser,
      schema: { querystring: leadListQuerySchema, response: { 200: leadListSchema } },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      const limit = await leadLimitOf(app.db, userId);
      const now = new Date();
      const page = paging(request.query.page, LEAD_PAGE_SIZE);
      const [{ rows, total }, hidden] = await Promise.all([
        listLeads(app.db, leadsMatching(userId, limit, request.query, now), page),
        hiddenLeads(app.db, userId, limit, now),
      ]);
      return { items: rows.map(toLead), ...page.envelope(total), hidden };
    },
  );

  // The leads the list's filters pick, as CSV (UTF-8 with BOM, `;`), streamed 1000 rows at a time.
  app.get(
    "/api/leads/export.csv",
    { preHandler: requireUser, schema: { querystring: leadListQuerySchema } },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const where = leadsMatching(userId, await leadLimitOf(app.db, userId), request.query);
      asCsvAttachment(reply, leadExportFilename());
      return reply.send(Readable.from(leadsCsv(app.db, where)));
    },
  );

  // Deletes every lead of the user, hidden ones too; the answer says how many.
  app.delete(
    "/api/leads",
    { preHandler: requireUser, schema: { response: { 200: leadsDeletedSchema } } },
    async (request) => {
      const deleted = await deleteAllLeads(app.db, signedInUser(request).id);
      return { message: LEAD_MESSAGES.allDeleted, deleted };
    },
  );

  // Deletes one of the user's leads with its record of consent.
  app.delete(
    "/api/leads/:id",
    { preHandler: requireUser, schema: { params: leadIdParamsSchema } },
    async (request, reply) => {
      if (!(await deleteLead(app.db, signedInUser(request).id, request.params.id))) {
        throw new HttpError(404, LEAD_MESSAGES.notFound);
      }
      return reply.code(204).send();
    },
  );
};
