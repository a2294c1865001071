import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  NOTIFICATION_MESSAGES,
  type NotificationSettings,
  notificationDeviceSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from "../../../common/contract/notifications";
import { messageResponseSchema } from "../../../common/contract/wire";
import type { Db } from "../../../db/client";
import { HttpError } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { userAgentClass } from "../clicks/click-info";
import { onLeadCreated } from "../leads/lead-created";
import { mailNewLead } from "./lead-mails";
import { leadPush } from "./notices";
import {
  type DeviceRow,
  deleteDevice,
  leadMailOf,
  listDevices,
  saveDevice,
  setLeadMail,
} from "./notifications.queries";
import { notificationsSettled, notifyUser } from "./notify";
import { vapidDetails } from "./vapid-keys";

const HOUR = 3_600_000;

const toDevice = (row: DeviceRow) => ({
  id: row.id,
  label: row.label,
  created_at: row.createdAt.toISOString(),
});

async function settingsOf(db: Db, userId: number): Promise<NotificationSettings> {
  const [leadMail, devices] = await Promise.all([leadMailOf(db, userId), listDevices(db, userId)]);
  return { lead_mail: leadMail, devices: devices.map(toDevice) };
}

/** What the owner sees in the list when the browser gave no label: "Chrome no Android". */
function deviceLabelOf(request: FastifyRequest): string {
  const agent = userAgentClass(request.headers["user-agent"] ?? "");
  if (agent.browser && agent.os) return `${agent.browser} no ${agent.os}`;
  return agent.browser ?? agent.os ?? "Navegador";
}

// Notifications (/profile, "Notificações"): Web Push on the owner's devices and e-mail about new
// leads. Session only: a bearer API key is refused here by registerApiKeyAuth. A new lead's push
// and mail leave from here; the other triggers call notifyUser where they happen.
export const notificationsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const subscribeLimit = rateLimited(app, [
    {
      name: "push-subscribe-user",
      max: 30,
      windowMs: HOUR,
      key: (request) => String(signedInUser(request).id),
    },
  ]);

  onLeadCreated(app, (event) => {
    notifyUser(app, event.lead.userId, leadPush(event));
    mailNewLead(app, event);
  });
  app.addHook("onClose", () => notificationsSettled(app.db));

  // The server's VAPID public key (base64url): the browser subscribes with it (applicationServerKey).
  app.get(
    "/api/notifications/push-key",
    { preHandler: requireUser, schema: { response: { 200: pushKeySchema } } },
    async () => ({ public_key: (await vapidDetails(app)).publicKey }),
  );

  // The e-mail choice for new leads and the devices with push on.
  app.get(
    "/api/notifications",
    { preHandler: requireUser, schema: { response: { 200: notificationSettingsSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return settingsOf(app.db, signedInUser(request).id);
    },
  );

  // How new leads arrive by e-mail: not at all, one mail each, or a daily digest.
  app.put(
    "/api/notifications",
    {
      preHandler: requireUser,
      schema: { body: notificationSettingsBodySchema, response: { 200: notificationSettingsSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      await setLeadMail(app.db, user.id, request.body.lead_mail);
      return settingsOf(app.db, user.id);
    },
  );

  // Push on for this browser: its subscription saved as the user's (by endpoint; a repeat renews
  // it), at most PUSH_DEVICES_MAX devices. 201 for a new device, 200 for one already on.
  app.post(
    "/api/notifications/devices",
    {
      preHandler: [requireUser, subscribeLimit],
      schema: {
        body: pushSubscriptionBodySchema,
        response: { 200: notificationDeviceSchema, 201: notificationDeviceSchema },
      },
    },
    async (request, reply) => {
      const { endpoint, keys, label } = request.body;
      const saved = await saveDevice(app.db, signedInUser(request).id, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        label: label || deviceLabelOf(request),
      });
      if (!saved) throw new HttpError(403, NOTIFICATION_MESSAGES.devicesMax);
      reply.code(saved.created ? 201 : 200);
      return toDevice(saved.row);
    },
  );

  // Push off for this browser (its endpoint). Only the user's own; the same answer when there was
  // none (already dropped by the push service, or never on).
  app.delete(
    "/api/notifications/devices",
    {
      preHandler: requireUser,
      schema: { body: pushUnsubscribeBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await deleteDevice(app.db, signedInUser(request).id, request.body.endpoint);
      return { message: NOTIFICATION_MESSAGES.unsubscribed };
    },
  );
};
