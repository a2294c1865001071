import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo } from "./columns";
import { linkPages } from "./link-pages";
import { users } from "./users";

/**
 * The consent texts visitors agreed to, one row per distinct text of an owner (its SHA-256 in hex
 * keeps it unique): a lead points at the exact words shown, and editing a form's text makes a new
 * version instead of rewriting what earlier visitors agreed to (issue 37, LGPD art. 8 §1). The id is
 * the version. Deleted with the owner.
 */
export const consentTexts = pgTable(
  "consent_texts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    text: text().notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("consent_texts_user_sha_key").on(t.userId, t.sha256)],
);

/**
 * The contacts a page's form received (issue 37): normalised answers (e-mail lowercased, WhatsApp
 * in E.164), the page and block, and the proof of consent (when, and which text). No IP, no agent.
 * A second submission of the same e-mail or number on the same page merges into the first (its
 * answers and consent renewed). `link_page_id` goes null when the page is deleted: the contact stays
 * the owner's until they delete it.
 */
export const leads = pgTable(
  "leads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    linkPageId: integer().references(() => linkPages.id, { onDelete: "set null" }),
    /** The form block (no key: a deleted block leaves its contacts). */
    blockId: integer(),
    name: text(),
    email: text(),
    phone: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    consentAt: timestamp({ withTimezone: true }).notNull(),
    consentTextId: integer()
      .notNull()
      .references(() => consentTexts.id),
  },
  (t) => [
    // The owner's list, newest first (and this month's count against the plan's limit).
    index("leads_user_idx").on(t.userId, t.createdAt, t.id),
    // Duplicates merge per page: one contact per e-mail and one per number.
    uniqueIndex("leads_page_email_key").on(t.linkPageId, t.email).where(sql`${t.email} is not null`),
    uniqueIndex("leads_page_phone_key").on(t.linkPageId, t.phone).where(sql`${t.phone} is not null`),
  ],
);

/**
 * A device's Web Push subscription (issue 37): where to push (the push service's endpoint) and
 * the keys to encrypt for it. Dropped when the push service says it is gone (404/410), when the
 * owner turns notifications off on that device, or with the owner.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** What the owner sees in the list of devices ("Chrome no Android"). */
    label: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
