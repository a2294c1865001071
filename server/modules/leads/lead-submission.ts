import { createHash } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import { consentTagOf, LEAD_FORM_FIELDS, LEAD_LIMITS, LEAD_MESSAGES } from "../../../common/contract/leads";
import type { LeadField } from "../../../common/contract/link-blocks";
import { toE164 } from "../../../common/link-bio/phone-number";
import type { LeadFormState } from "../../../common/link-bio/render";
import { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { consentTexts, leads } from "../../../db/schema";
import { isUniqueViolation } from "../../lib/database-errors";
import { leadLimitOf, leadsThisMonth } from "./lead-quota";

/**
 * A visitor's answers to a Link Bio page's contact form (issue 37): checked and normalised, stored
 * with the proof of consent (when, and the exact text shown, versioned per owner), and merged into
 * the contact the page already has for the same e-mail or number.
 */

/** A contact's answers as stored: e-mail lowercased, WhatsApp in E.164, the name trimmed. */
export type LeadAnswers = { name: string | null; email: string | null; phone: string | null };

export type LeadCheck = {
  /** What the visitor typed (trimmed), for the form shown again. */
  values: Record<LeadField, string>;
  errors: LeadFormState["errors"];
  /** The answers when nothing is wrong. */
  answers: LeadAnswers | null;
};

const emailSchema = z.email();
// Control characters (NUL would fail the insert) become spaces; runs of spaces, one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what it removes
const CONTROL = /[\u0000-\u001f\u007f]/g;
const oneLine = (text: string) => text.replace(CONTROL, " ").replace(/\s+/g, " ").trim();

/**
 * Reads a submission of a form that asks `fields` (`read` gives a posted field's value): a field
 * the form does not ask is ignored; the visitor may leave any blank but must give an e-mail or a
 * WhatsApp number, and tick the consent box. Every error at once, by field.
 */
export function checkLeadSubmission(
  fields: readonly LeadField[],
  read: (name: string) => string | null,
  /** The consent text the form shows now: a tag of another text is asked again. */
  consentText: string,
): LeadCheck {
  const asked = new Set(fields);
  const value = (field: LeadField) => (asked.has(field) ? oneLine(read(LEAD_FORM_FIELDS[field]) ?? "") : "");
  const values = { name: value("name"), email: value("email"), whatsapp: value("whatsapp") };
  const found: LeadFormState["errors"] = {};

  const email = values.email.toLowerCase();
  if (email && (email.length > LEAD_LIMITS.email || !emailSchema.safeParse(email).success)) {
    found.email = LEAD_MESSAGES.emailInvalid;
  }
  const phone = values.whatsapp.length <= LEAD_LIMITS.whatsapp ? toE164(values.whatsapp) : null;
  if (values.whatsapp && !phone) found.whatsapp = LEAD_MESSAGES.whatsappInvalid;
  if (!email && !values.whatsapp) {
    found.email = LEAD_MESSAGES.contactRequired;
    found.whatsapp = LEAD_MESSAGES.contactRequired;
  }
  if (Array.from(values.name).length > LEAD_LIMITS.name) found.name = LEAD_MESSAGES.nameTooLong;
  const shown = read(LEAD_FORM_FIELDS.consentTag);
  if (read(LEAD_FORM_FIELDS.consent) !== "on") found.consent = LEAD_MESSAGES.consentRequired;
  else if (shown && shown !== consentTagOf(consentText)) found.consent = LEAD_MESSAGES.consentChanged;
  // In the form's order, on the fields it asks.
  const errors: LeadFormState["errors"] = {};
  for (const field of [...asked, "consent" as const]) if (found[field]) errors[field] = found[field];

  const valid = Object.keys(errors).length === 0;
  return {
    values,
    errors,
    answers: valid ? { name: values.name || null, email: email || null, phone } : null,
  };
}

/** The messages of a check's errors, once each, in the form's order. */
export const errorMessages = (errors: LeadFormState["errors"]) => [...new Set(Object.values(errors))];

export type LeadRow = typeof leads.$inferSelect;

export type NewLead = {
  userId: number;
  linkPageId: number;
  blockId: number;
  /** The consent text the form showed, exactly. */
  consentText: string;
  answers: LeadAnswers;
};

export type StoredLead = {
  lead: LeadRow;
  /** A new contact (not a repeat merged into one the page had). */
  created: boolean;
  /** A new contact past the plan's contacts this month: kept, hidden until an upgrade or next month. */
  overLimit: boolean;
};

/** Races with another submission of the same contact are settled by trying again, this many times. */
const ATTEMPTS = 4;

/**
 * Stores a submission. A page has one contact per e-mail and one per number (unique indexes): a
 * repeat updates that contact (the name given, a contact it lacked, the consent renewed) instead of
 * adding one; when the e-mail is one contact's and the number another's, the e-mail's wins and the
 * number stays with its own. A submission that loses a race to the same contact is merged on the
 * next try.
 */
export async function storeLead(db: Db, input: NewLead, now = new Date()): Promise<StoredLead> {
  const { userId, linkPageId, blockId, answers } = input;
  const { email, phone } = answers;
  const consentTextId = await consentVersionOf(db, userId, input.consentText);
  for (let attempt = 1; ; attempt++) {
    try {
      const matches = await db
        .select()
        .from(leads)
        .where(
          and(
            eq(leads.linkPageId, linkPageId),
            or(email ? eq(leads.email, email) : undefined, phone ? eq(leads.phone, phone) : undefined),
          ),
        );
      const same =
        matches.find((lead) => email !== null && lead.email === email) ??
        matches.find((lead) => phone !== null && lead.phone === phone);
      if (same) {
        const phoneFree =
          phone !== null && !matches.some((lead) => lead.id !== same.id && lead.phone === phone);
        const [lead] = await db
          .update(leads)
          .set({
            ...(answers.name ? { name: answers.name } : {}),
            email: same.email ?? email,
            phone: same.phone ?? (phoneFree ? phone : null),
            consentAt: now,
            consentTextId,
            updatedAt: now,
          })
          .where(eq(leads.id, same.id))
          .returning();
        // Deleted meanwhile by its owner: this submission is a new contact.
        if (lead) return { lead, created: false, overLimit: false };
      } else {
        const { lead, overLimit } = await db.transaction(async (tx) => {
          const limit = await leadLimitOf(tx, userId, true);
          const over = limit !== null && (await leadsThisMonth(tx, userId, now)) >= limit;
          const [row] = await tx
            .insert(leads)
            .values({ userId, linkPageId, blockId, ...answers, consentAt: now, consentTextId })
            .onConflictDoNothing()
            .returning();
          return { lead: row, overLimit: over };
        });
        if (lead) return { lead, created: true, overLimit };
      }
    } catch (error) {
      // The contact lacked an e-mail or a number another submission just gave a new contact.
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
    }
    if (attempt >= ATTEMPTS) throw new Error("a lead's submission kept losing races to the same contact");
  }
}

/**
 * The version of a consent text: the owner's row for these exact words (by SHA-256), added the
 * first time they are shown to someone who agrees. An edited text is a new version; the rows of
 * earlier versions stay as what earlier visitors agreed to.
 */
export async function consentVersionOf(db: Db, userId: number, text: string): Promise<number> {
  const sha256 = createHash("sha256").update(text, "utf8").digest("hex");
  const find = async () => {
    const [row] = await db
      .select({ id: consentTexts.id })
      .from(consentTexts)
      .where(and(eq(consentTexts.userId, userId), eq(consentTexts.sha256, sha256)))
      .limit(1);
    return row?.id;
  };
  const known = await find();
  if (known !== undefined) return known;
  const [added] = await db
    .insert(consentTexts)
    .values({ userId, text, sha256 })
    .onConflictDoNothing()
    .returning({ id: consentTexts.id });
  const id = added?.id ?? (await find());
  if (id === undefined) throw new Error("consent text neither added nor found");
  return id;
}
