import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import type { PushConfig } from "../../env";

/** The application server's key pair (base64url) and subject, as VAPID (RFC 8292) signs with them. */
export type VapidDetails = { publicKey: string; privateKey: string; subject: string };

export type VapidApp = {
  config: { dataDir: string; databaseUrl?: string; push: PushConfig };
  log: FastifyBaseLogger;
};

export const VAPID_FILE = "vapid.json";

// One read per configuration (an app's), not per push; a failed read is tried again next time.
const loaded = new WeakMap<object, Promise<VapidDetails>>();

/**
 * The VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else DATA_DIR/vapid.json, generated
 * on first use. Browsers subscribe with the public key, and a push service refuses a push signed by
 * any other pair: the pair must never change, nor differ between the processes of one install.
 * NOTE: processes on one machine share the file (the first to write it wins, the others read it);
 * processes on several machines must be given the pair by environment.
 */
export function vapidDetails(app: VapidApp): Promise<VapidDetails> {
  let details = loaded.get(app.config);
  if (!details) {
    details = resolveKeys(app).then((keys) => ({ ...keys, subject: app.config.push.subject }));
    details.catch(() => loaded.delete(app.config));
    loaded.set(app.config, details);
  }
  return details;
}

async function resolveKeys(app: VapidApp): Promise<{ publicKey: string; privateKey: string }> {
  if (app.config.push.vapidKeys) return app.config.push.vapidKeys;
  const file = path.join(app.config.dataDir, VAPID_FILE);
  const existing = await readKeys(file);
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await fs.mkdir(app.config.dataDir, { recursive: true });
  // Written aside, then linked into place: a reader never sees half a file, and a pair another
  // process has just put there is never replaced (every subscription depends on it).
  const draft = `${file}.${process.pid}-${randomUUID()}`;
  await fs.writeFile(draft, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  try {
    await fs.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await readKeys(file))!;
  } finally {
    await fs.rm(draft, { force: true });
  }
  app.log.info({ file }, "Web Push (VAPID) keys generated");
  if (app.config.databaseUrl?.startsWith("postgres")) {
    app.log.warn(
      "VAPID keys generated in DATA_DIR: processes on other machines must share them; set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY",
    );
  }
  return generated;
}

/** The pair in `file`, or null when there is no file yet; a damaged file throws (never replaced). */
async function readKeys(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const keys = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") {
    throw new Error(`${file} holds no VAPID key pair (publicKey, privateKey)`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
