import { createHmac, randomBytes } from "node:crypto";
import { inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { addDays, dayOf, startOfDayInZone } from "../../common/time";
import type { Db } from "../../db/client";
import { visitorSalts } from "../../db/schema";
import { visitorAddress } from "./visitor-address";

/** How much of a user agent names a visitor (a longer one is cut: it costs hashing, adds nothing). */
const AGENT_CHARS = 512;
/** Recent (network, agent) pairs and their hash: bounded, memory only, cleared with the day. */
const MEMO_MAX = 5_000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Who a visitor is for one day, and only that day: HMAC(the day's salt, their network [+ agent]),
 * the network being the IP (an IPv6 by its /64: visitorAddress), never kept. Each day's salt is
 * random, made once (whichever process inserts it first), kept in `visitor_salts` so that every
 * process and every restart of the day share it (a new salt mid-day would count the day's visitors
 * twice), and deleted once its day is over: no hash can be recomputed from an address later, and
 * two days' hashes never match (the LGPD-friendly way: no cookie, no address, nothing that follows a
 * person from one day to the next).
 *
 * The one way a visitor is counted: page views and clicks (`visitorOf`, on the request's path, with
 * no query: today's and tomorrow's salts are loaded ahead, at start and hourly) and blog views
 * (`keyOf`).
 */
export class DailyVisitorKey {
  private readonly salts = new Map<string, Buffer>();
  private day = "";
  /** The instant `day` ends (epoch ms): the one comparison visitorOf makes per request. */
  private dayEndsAt = 0;
  private salt: Buffer | undefined;
  /** By address, then agent: lookups by the request's own strings, whose hashes they keep. */
  private readonly memo = new Map<string, Map<string, string>>();
  private memoEntries = 0;
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;
  private missingLogged = "";

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Loads today's and tomorrow's salts, then keeps them loaded (hourly) until stop(). */
  async start(now = Date.now()): Promise<void> {
    await this.refresh(now);
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), HOUR_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Makes today's and tomorrow's salts if no process has, reads the ones that won, and deletes the
   * salts of days that are over.
   */
  refresh(now = Date.now()): Promise<void> {
    this.loading ??= (async () => {
      const today = dayOf(now);
      await this.load([today, addDays(today, 1)]);
      for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
      await this.db.delete(visitorSalts).where(lt(visitorSalts.day, today));
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /**
   * Inserts a salt for each day that has none (on conflict nothing: whichever process inserts first
   * wins), then reads the days' salts, which are the winners'.
   */
  private async load(days: string[]): Promise<void> {
    await this.db
      .insert(visitorSalts)
      .values(days.map((day) => ({ day, salt: randomBytes(32).toString("base64") })))
      .onConflictDoNothing();
    const rows = await this.db.select().from(visitorSalts).where(inArray(visitorSalts.day, days));
    for (const row of rows) this.salts.set(row.day, Buffer.from(row.salt, "base64"));
    if (this.day !== "") this.salt = this.salts.get(this.day);
  }

  /**
   * The visitor's hash for today (a signed 64-bit integer, as decimal text) from their address and
   * user agent, or null while no salt is loaded (logged once a day). No query: at midnight it moves
   * to the next day's salt, loaded ahead.
   */
  visitorOf(ip: string, agent: string, now = Date.now()): string | null {
    if (now >= this.dayEndsAt || now < this.dayEndsAt - 26 * HOUR_MS) this.turnTo(now);
    const salt = this.salt;
    if (!salt) {
      if (this.missingLogged !== this.day) {
        this.missingLogged = this.day;
        this.log?.error({ day: this.day }, "visitor salt not loaded; visitors not counted");
        void this.refresh(now).catch(() => undefined);
      }
      return null;
    }
    const shown = agent.length > AGENT_CHARS ? agent.slice(0, AGENT_CHARS) : agent;
    let agents = this.memo.get(ip);
    let visitor = agents?.get(shown);
    if (visitor === undefined) {
      const name = `${visitorAddress(ip)}\n${shown}`;
      visitor = createHmac("sha256", salt).update(name).digest().readBigInt64BE(0).toString();
      if (this.memoEntries >= MEMO_MAX) this.clearMemo();
      agents = this.memo.get(ip);
      if (!agents) {
        agents = new Map();
        this.memo.set(ip, agents);
      }
      agents.set(shown, visitor);
      this.memoEntries++;
    }
    return visitor;
  }

  private clearMemo(): void {
    this.memo.clear();
    this.memoEntries = 0;
  }

  /**
   * A visitor's key on `day` (YYYY-MM-DD) by their network alone (blog views: another agent from
   * the same address is the same visitor); loads the day's salt when it is not. Rejects when the
   * database is away.
   */
  async keyOf(day: string, ip: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      await this.load([day]);
      salt = this.salts.get(day);
      if (!salt) throw new Error(`visitor salt of ${day} missing`);
    }
    return createHmac("sha256", salt).update(visitorAddress(ip)).digest("base64url");
  }

  private turnTo(now: number): void {
    this.day = dayOf(now);
    this.dayEndsAt = startOfDayInZone(addDays(this.day, 1)).getTime();
    this.salt = this.salts.get(this.day);
    this.clearMemo();
    // The day after is loaded ahead; yesterday's salt goes.
    if (this.timer) void this.refresh(now).catch(() => undefined);
  }
}

/** Forgets who visited before yesterday (an hourly job): a late event counts, without its visitor. */
export async function purgeVisitorDays(db: Db, now = Date.now()): Promise<number> {
  const result = await db.execute(sql`delete from visitor_days where day < ${addDays(dayOf(now), -1)}::date`);
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
