import { createHmac, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Redis } from "ioredis";
import { visitorAddress } from "../../lib/visitor-address";

/**
 * Who sent a report, without keeping their IP: HMAC-SHA256 of the address (an IPv6 by its /64)
 * under a secret that never leaves the server. The secret must outlive the open reports (a repeat
 * is refused by the hash) and be the same in every process: in Redis when configured (the first
 * process makes it, SET NX, no expiry), else in DATA_DIR (one process, see fleet-guard).
 */
export class ReporterHasher {
  private secret: Promise<Buffer> | undefined;

  constructor(private readonly source: { redis?: Redis; prefix: string; dataDir: string }) {}

  async hash(ip: string): Promise<string> {
    if (!this.secret) {
      this.secret = this.load();
      // A failure (Redis away) is asked again next time, not remembered.
      this.secret.catch(() => {
        this.secret = undefined;
      });
    }
    return reporterHash(await this.secret, ip);
  }

  private async load(): Promise<Buffer> {
    const fresh = randomBytes(32).toString("base64url");
    const { redis, prefix, dataDir } = this.source;
    if (redis) {
      const key = `${prefix}link-reports:secret`;
      await redis.set(key, fresh, "NX");
      const value = await redis.get(key);
      if (!value) throw new Error("link report secret missing in Redis");
      return Buffer.from(value, "base64url");
    }
    const file = path.join(dataDir, "link-report-secret");
    try {
      await mkdir(dataDir, { recursive: true });
      await writeFile(file, fresh, { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return Buffer.from((await readFile(file, "utf8")).trim(), "base64url");
  }
}

export const reporterHash = (secret: Buffer, ip: string) =>
  createHmac("sha256", secret).update(visitorAddress(ip)).digest("base64url");
