// The owner's e-mail about new leads (users.lead_mail): one per contact ("each"), or one a morning
// with the day before's ("daily"). Only to a proven address: a contact's data goes to the owner,
// never to an address someone typed at registration and nobody confirmed.
import { and, asc, count, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { LEAD_FIELD_LABELS, type LeadMailMode } from "../../../common/contract/leads";
import { paths } from "../../../common/paths";
import { addDays, dayOf, formatDateBR, formatDateTimeBR, startOfDayInZone } from "../../../common/time";
import type { Db } from "../../../db/client";
import { jobLeases, leads, linkPages, users } from "../../../db/schema";
import { HOUR, type ScheduledJob, takeLease } from "../../lib/job-scheduler";
import type { LeadCreated } from "../leads/lead-created";
import { leadLimitOf, visibleLeads } from "../leads/lead-quota";
import type { Mailer, MailMessage } from "../mail/mailer";
import { hello, layout, type MailContext } from "../mail/templates";

export type LeadMailApp = {
  db: Db;
  mailer: Mailer;
  config: { appName: string; publicUrl: string };
};

type Recipient = { email: string; firstName: string };

/** Contacts listed in a digest; the rest are counted. */
export const DIGEST_LEADS_SHOWN = 5;
/** The digest leaves at this hour (São Paulo) or the first run after it. */
export const DIGEST_HOUR = 8;

const FOOTER =
  "Você recebe este e-mail porque escolheu ser avisado dos novos contatos. Para mudar, abra Notificações no seu perfil.";

/** The owner, when they chose `mode`, their account is open and their address proven. */
async function recipientOf(db: Db, userId: number, mode: LeadMailMode): Promise<Recipient | null> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.leadMail, mode),
        eq(users.isActive, true),
        isNotNull(users.emailVerifiedAt),
        isNull(users.deletionStartedAt),
      ),
    );
  return row ?? null;
}

const contextOf = (app: LeadMailApp): MailContext => ({
  appName: app.config.appName,
  publicUrl: app.config.publicUrl,
});

/** "each": the contact's answers (escaped by the layout), or past the limit only that one came. */
export function newLeadMail(
  context: MailContext,
  to: Recipient,
  { lead, page, overLimit }: LeadCreated,
): MailMessage {
  const pageTitle = page.title.trim() || page.slug;
  // The subject holds nothing a visitor wrote: the page's title is the owner's.
  const subject = `Novo contato em ${pageTitle}`.slice(0, 120);
  if (overLimit) {
    return layout(context, to.email, subject, {
      greeting: hello(to.firstName),
      paragraphs: [
        `Sua página ${pageTitle} recebeu um novo contato, mas você já passou do limite de contatos do seu plano neste mês.`,
        "O contato está guardado: ele aparece em Contatos quando você mudar de plano ou no próximo mês.",
      ],
      action: { label: "Ver os planos", url: `${context.publicUrl}${paths.pricing}` },
      footer: FOOTER,
    });
  }
  const answers = [
    lead.name ? `${LEAD_FIELD_LABELS.name}: ${lead.name}` : null,
    lead.email ? `${LEAD_FIELD_LABELS.email}: ${lead.email}` : null,
    lead.phone ? `${LEAD_FIELD_LABELS.whatsapp}: ${lead.phone}` : null,
  ].filter((line): line is string => line !== null);
  return layout(context, to.email, subject, {
    greeting: hello(to.firstName),
    paragraphs: [
      `Sua página ${pageTitle} recebeu um novo contato em ${formatDateTimeBR(lead.createdAt)}:`,
      ...answers,
      "O consentimento do visitante fica registrado junto com o contato.",
    ],
    action: { label: "Ver meus contatos", url: `${context.publicUrl}${paths.contacts}` },
    footer: FOOTER,
  });
}

/** A new lead's mail, when its owner chose one per contact; composed and sent off the request. */
export function mailNewLead(app: LeadMailApp, event: LeadCreated): void {
  app.mailer.send(async () => {
    const to = await recipientOf(app.db, event.lead.userId, "each");
    return to ? newLeadMail(contextOf(app), to, event) : null;
  });
}

export type DigestLead = {
  name: string | null;
  email: string | null;
  phone: string | null;
  pageTitle: string | null;
};

/** "daily": yesterday's count and the first few contacts; those past the plan's limit only counted. */
export function leadDigestMail(
  context: MailContext,
  to: Recipient,
  digest: { day: string; total: number; hidden: number; first: DigestLead[] },
): MailMessage {
  const date = formatDateBR(startOfDayInZone(digest.day));
  const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
  const visible = digest.total - digest.hidden;
  const lines = digest.first.map((lead) => {
    const who = [lead.name, lead.email, lead.phone].filter(Boolean).join(" · ");
    return lead.pageTitle ? `${who} (${lead.pageTitle})` : who;
  });
  const more = visible - digest.first.length;
  return layout(
    context,
    to.email,
    `Resumo de ${date}: ${digest.total} ${plural(digest.total, "novo contato", "novos contatos")}`,
    {
      greeting: hello(to.firstName),
      paragraphs: [
        `Em ${date} suas páginas receberam ${digest.total} ${plural(digest.total, "novo contato", "novos contatos")}.`,
        ...lines,
        ...(more > 0 ? [`E mais ${more} ${plural(more, "contato", "contatos")}.`] : []),
        ...(digest.hidden > 0
          ? [
              `${digest.hidden} ${plural(digest.hidden, "contato passou", "contatos passaram")} do limite do seu plano neste mês: ${plural(digest.hidden, "está guardado e aparece", "estão guardados e aparecem")} quando você mudar de plano ou no próximo mês.`,
            ]
          : []),
      ],
      action: { label: "Ver meus contatos", url: `${context.publicUrl}${paths.contacts}` },
      footer: FOOTER,
    },
  );
}

/**
 * Every "daily" owner's digest of `day`'s contacts (São Paulo days), once per day across the
 * processes: the day's marker is a lease of its own (a restart or a second process finds it taken).
 * Owners with no contact that day get no mail.
 */
export async function sendLeadDigests(app: LeadMailApp, now = new Date()): Promise<{ sent: number }> {
  const today = dayOf(now);
  if (now.getTime() - startOfDayInZone(today).getTime() < DIGEST_HOUR * HOUR) return { sent: 0 };
  const day = addDays(today, -1);
  if (!(await takeLease(app.db, `lead-digest:${day}`, 3 * 24 * HOUR))) return { sent: 0 };
  // The markers of earlier days, once their lease is over (that day can no longer be "yesterday").
  await app.db
    .delete(jobLeases)
    .where(and(sql`${jobLeases.name} like 'lead-digest:%'`, lt(jobLeases.lockedUntil, now)));
  const from = startOfDayInZone(day);
  const to = startOfDayInZone(today);
  const inDay = and(gte(leads.createdAt, from), lt(leads.createdAt, to));
  const owners = await app.db
    .select({ userId: leads.userId, email: users.email, firstName: users.firstName, total: count() })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.userId))
    .where(
      and(
        inDay,
        eq(users.leadMail, "daily"),
        eq(users.isActive, true),
        isNotNull(users.emailVerifiedAt),
        isNull(users.deletionStartedAt),
      ),
    )
    .groupBy(leads.userId, users.email, users.firstName);
  for (const owner of owners) {
    const limit = await leadLimitOf(app.db, owner.userId);
    const shown = and(eq(leads.userId, owner.userId), inDay, visibleLeads(owner.userId, limit, now));
    const [first, [visible]] = await Promise.all([
      app.db
        .select({ name: leads.name, email: leads.email, phone: leads.phone, pageTitle: linkPages.title })
        .from(leads)
        .leftJoin(linkPages, eq(linkPages.id, leads.linkPageId))
        .where(shown)
        .orderBy(asc(leads.id))
        .limit(DIGEST_LEADS_SHOWN),
      app.db.select({ n: count() }).from(leads).where(shown),
    ]);
    const total = Number(owner.total);
    app.mailer.send(
      leadDigestMail(contextOf(app), owner, { day, total, hidden: total - (visible?.n ?? 0), first }),
    );
  }
  return { sent: owners.length };
}

/** Hourly: the digest leaves with the first run after DIGEST_HOUR, once a day. */
export const leadDigestJob = (app: LeadMailApp): ScheduledJob => ({
  name: "lead-digest",
  everyMs: HOUR,
  run: () => sendLeadDigests(app),
});
