import type { PushPayload } from "../../../common/contract/notifications";
import type { Db } from "../../../db/client";
import { deleteDevicesByIds, devicesToPush } from "./notifications.queries";
import { sendPush } from "./push-sender";
import { type VapidApp, vapidDetails } from "./vapid-keys";

/** What notifying needs of the app (a FastifyInstance, or the jobs' and billing's smaller app). */
export type NotifyApp = VapidApp & { db: Db };

const TITLE_MAX = 80;
const BODY_MAX = 240;

// The sends under way, per database (one per app), so that closing the app can wait for them.
const pending = new WeakMap<Db, Set<Promise<void>>>();

/**
 * Pushes `payload` to each of the user's devices (at most PUSH_DEVICES_MAX), off the caller's path:
 * it returns at once, runs after the current request's answer, and never throws into the caller
 * (a failure is logged). Devices the push service says are gone are dropped.
 */
export function notifyUser(app: NotifyApp, userId: number, payload: PushPayload): void {
  notifyUsers(app, [userId], () => payload);
}

/** The same for many users, one after another (a blocked domain may concern many owners). */
export function notifyUsers(
  app: NotifyApp,
  userIds: readonly number[],
  payloadFor: (userId: number) => PushPayload,
): void {
  if (userIds.length === 0) return;
  track(app, async () => {
    for (const userId of userIds) await pushToDevices(app, userId, payloadFor(userId));
  });
}

/**
 * Runs `work` after the current request's answer, logged and never thrown, and remembered until it
 * ends (notificationsSettled): the way every push leaves the caller.
 */
export function track(app: NotifyApp, work: () => Promise<void>): void {
  let jobs = pending.get(app.db);
  if (!jobs) {
    jobs = new Set();
    pending.set(app.db, jobs);
  }
  const job: Promise<void> = new Promise(setImmediate)
    .then(work)
    .catch((error) => app.log.error({ err: error }, "notification not sent"))
    .finally(() => jobs.delete(job));
  jobs.add(job);
}

/** Waits until every notification started on this database has been sent or given up. */
export async function notificationsSettled(db: Db): Promise<void> {
  const jobs = pending.get(db);
  while (jobs && jobs.size > 0) await Promise.all([...jobs]);
}

async function pushToDevices(app: NotifyApp, userId: number, payload: PushPayload): Promise<void> {
  const devices = await devicesToPush(app.db, userId);
  if (devices.length === 0) return;
  const vapid = await vapidDetails(app);
  const message = {
    ...payload,
    title: clip(payload.title, TITLE_MAX),
    body: clip(payload.body, BODY_MAX),
  };
  const outcomes = await Promise.all(
    devices.map((device) =>
      sendPush(device, message, { vapid, allowLoopback: app.config.push.allowLoopback }),
    ),
  );
  const gone: number[] = [];
  outcomes.forEach((outcome, index) => {
    const device = devices[index]!;
    if (outcome.result === "gone") gone.push(device.id);
    if (outcome.result === "failed") {
      // The endpoint is a capability (whoever has it can push): only its host is logged.
      app.log.warn(
        {
          userId,
          deviceId: device.id,
          pushService: hostOf(device.endpoint),
          status: outcome.status,
          error: outcome.error,
        },
        "push not delivered",
      );
    }
  });
  if (gone.length > 0) await deleteDevicesByIds(app.db, gone);
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "";
  }
}
