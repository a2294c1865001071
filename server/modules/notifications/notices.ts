// What each notification says (pt-BR) and the screen a tap opens, and the triggers that need to
// look something up first. The modules where things happen call these with a line.
import { eq } from "drizzle-orm";
import type { PushPayload } from "../../../common/contract/notifications";
import { paths } from "../../../common/paths";
import { formatDateBR } from "../../../common/time";
import { transactions } from "../../../db/schema";
import type { LeadCreated } from "../leads/lead-created";
import { ownersOfLinksTo } from "./notifications.queries";
import { type NotifyApp, notifyUser, notifyUsers, track } from "./notify";

/** Who left a contact, as the owner reads it: name, e-mail and WhatsApp, those given. */
export const leadSummary = (lead: LeadCreated["lead"]) =>
  [lead.name, lead.email, lead.phone].filter((part): part is string => !!part?.trim()).join(" · ");

/** A page's form received a new contact; past the plan's limit, only that it came (and the plans). */
export function leadPush({ lead, page, overLimit }: LeadCreated): PushPayload {
  const title = `Novo contato em ${page.title.trim() || "sua página"}`;
  if (overLimit) {
    return {
      title,
      body: "Você passou do limite de contatos do seu plano neste mês. O contato está guardado: mude de plano para vê-lo.",
      url: paths.pricing,
      tag: `lead-${lead.id}`,
    };
  }
  return {
    title,
    body: leadSummary(lead) || "Veja quem deixou o contato.",
    url: paths.contacts,
    tag: `lead-${lead.id}`,
  };
}

/**
 * A payment of the user's moved to approved or refused: read after the commit, off the request, and
 * pushed. Other states say nothing.
 */
export function notifyPayment(app: NotifyApp, userId: number, transactionId: number): void {
  track(app, async () => {
    const [tx] = await app.db
      .select({
        status: transactions.status,
        planName: transactions.planName,
        end: transactions.subscriptionEnd,
        details: transactions.paymentDetails,
      })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    if (tx?.status === "approved") {
      notifyUser(app, userId, {
        title: "Pagamento aprovado",
        body: tx.end
          ? `Seu plano ${tx.planName} está garantido até ${formatDateBR(tx.end)}. Obrigado!`
          : `Seu plano ${tx.planName} está ativo. Obrigado!`,
        url: paths.subscription,
        tag: "payment",
      });
    }
    if (tx?.status === "rejected") {
      const reason = (tx.details as { refusal_reason?: unknown }).refusal_reason;
      notifyUser(app, userId, {
        title: "Pagamento recusado",
        body: `O pagamento do plano ${tx.planName} não foi aprovado${typeof reason === "string" ? ` (${reason})` : ""}. Tente de novo com outra forma de pagamento.`,
        url: paths.subscription,
        tag: "payment",
      });
    }
  });
}

/** A paid plan ends in a few days with nothing to follow it. */
export function subscriptionEndingPush(planName: string, expiresAt: Date, canceled: boolean): PushPayload {
  return {
    title: "Sua assinatura está terminando",
    body: canceled
      ? `O plano ${planName} vale até ${formatDateBR(expiresAt)} e não será renovado. Depois, sua conta volta ao plano gratuito.`
      : `O plano ${planName} vale até ${formatDateBR(expiresAt)}. Renove para continuar com os recursos dele.`,
    url: paths.subscription,
    tag: "subscription-ending",
  };
}

/** The administrator blocked a domain: every owner of a link to it hears why their link now warns. */
export function notifyOwnersOfBlockedDomain(app: NotifyApp, domain: string): void {
  track(app, async () => {
    const owners = await ownersOfLinksTo(app.db, domain);
    const kindOf = new Map(owners.map((owner) => [owner.userId, owner.kind]));
    notifyUsers(app, [...kindOf.keys()], (userId) => ({
      title: "Link bloqueado",
      body: `O domínio ${domain} foi bloqueado por violar os termos de uso. Seus links para ele mostram um aviso aos visitantes: troque o destino.`,
      url: kindOf.get(userId) === "short" ? paths.urlShortener : paths.linkPages,
      tag: "blocked-domain",
    }));
  });
}

/** The administrator deleted a short link of the user's after a visitor's report. */
export function linkRemovedPush(shortUrl: string): PushPayload {
  return {
    title: "Link removido após denúncia",
    body: `O link ${shortUrl} foi denunciado e removido por violar os termos de uso.`,
    url: paths.urlShortener,
    tag: "link-report",
  };
}
