import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type AccessLogEvent,
  type AccessLogPage,
  accessLogFilterSchema,
  accessLogPageSchema,
  accessLogQuerySchema,
} from "../../../common/contract/access-log";
import type { AccessEvent } from "../../../db/schema/access-log";
import { asCsvAttachment } from "../../lib/csv";
import { accessLogCsv, accessLogCsvFilename, listAccessLog } from "./access-log.queries";

// The contract's events are the schema's, no more and no fewer (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const eventsAgree: Same<AccessEvent, AccessLogEvent> = true;
void eventsAgree;

// The Marco Civil access log (art. 15): read by the administrator only. Inside the admin scope
// (app.ts): behind the one requireAdmin guard (401 signed out, 403 for a user).
export const accessLogRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // One page, newest first, by e-mail, account id, event, IP and period.
  app.get(
    "/api/admin/access-log",
    { schema: { querystring: accessLogQuerySchema, response: { 200: accessLogPageSchema } } },
    async (request, reply): Promise<AccessLogPage> => {
      reply.header("cache-control", "private, no-store");
      return listAccessLog(app.db, request.query);
    },
  );

  // Every line matching the same filters as a CSV (at most 50 000), for a court order (art. 22).
  app.get(
    "/api/admin/access-log/export.csv",
    { schema: { querystring: accessLogFilterSchema } },
    async (request, reply) => {
      asCsvAttachment(reply, accessLogCsvFilename());
      return reply.send(Readable.from(accessLogCsv(app.db, request.query)));
    },
  );
};
