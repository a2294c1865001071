import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import {
  BILLING_MESSAGES,
  INTERVAL_LABELS,
  PAYMENT_METHOD_LABELS,
  TRANSACTION_STATUS_LABELS,
} from "../../../common/contract/billing";
import { formatBRL } from "../../../common/money";
import { paths } from "../../../common/paths";
import { escapeHtml, htmlPage } from "../../lib/html-page";
import { loadUser } from "../../lib/session-guards";
import { DEV_METHODS, type DevCheckout, type DevMethod, type DevOutcome } from "./dev-checkout";
import { syncPayment } from "./payment-state";

const OUTCOMES: readonly DevOutcome[] = ["approved", "pending", "rejected"];
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The dev checkout's page (only when no Mercado Pago account is configured, never in production):
 * the order, a payment method, and Aprovar / Deixar pendente / Recusar. The choice goes through
 * syncPayment like a Mercado Pago notification, then the browser returns to /subscription with the
 * same query Mercado Pago's back_urls give.
 */
export const devCheckoutRoutes: FastifyPluginAsync = async (app) => {
  const checkout = app.payments as DevCheckout;
  // HTML forms post urlencoded bodies; only this page reads them.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const page = (reply: FastifyReply, status: number, title: string, content: string) =>
    reply
      .code(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", CSP)
      .header("cache-control", "no-store")
      .send(document(app.config.appName, title, content));

  // The order of the signed-in user who opened it; anyone else gets the same 404 as an unknown id.
  const ownOrder = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const user = await loadUser(request);
    const order = checkout.order(request.params.id);
    return user && order?.payer.email === user.email ? order : null;
  };
  const notFound = (reply: FastifyReply) =>
    page(
      reply,
      404,
      BILLING_MESSAGES.checkoutNotFound,
      `<p>${escapeHtml(BILLING_MESSAGES.checkoutNotFound)}</p>`,
    );

  // Expired, or voided by a plan change: nothing to pay here any more (as Checkout Pro refuses it).
  const closed = (reply: FastifyReply) =>
    page(
      reply,
      410,
      BILLING_MESSAGES.checkoutClosed,
      `<p>${escapeHtml(BILLING_MESSAGES.checkoutClosed)}</p><p><a href="${paths.subscription}">Ver minha assinatura</a></p>`,
    );

  app.get<{ Params: { id: string } }>("/dev-checkout/:id", async (request, reply) => {
    const order = await ownOrder(request);
    if (!order) return notFound(reply);
    if (order.closed) return closed(reply);
    const latest = checkout.latestPayment(order.checkoutId);
    const waiting = latest?.status === "pending";
    const methods = DEV_METHODS.map(
      (method, index) =>
        `<label class="method"><input type="radio" name="method" value="${method}"${
          (waiting ? latest.method === method : index === 0) ? " checked" : ""
        }${waiting ? " disabled" : ""}> ${escapeHtml(PAYMENT_METHOD_LABELS[method])}</label>`,
    ).join("");
    const state = latest
      ? `<p class="state">Último pagamento: <strong>${escapeHtml(TRANSACTION_STATUS_LABELS[latest.status])}</strong> (${escapeHtml(
          PAYMENT_METHOD_LABELS[latest.method],
        )})</p>`
      : "";
    const content = `
      <p class="notice">Checkout de testes: nenhum valor é cobrado. Com <code>MP_ACCESS_TOKEN</code> configurado, o pagamento é feito no Mercado Pago.</p>
      <h1>${escapeHtml(order.title)}</h1>
      <p class="desc">${escapeHtml(order.description)}</p>
      <p class="amount">${escapeHtml(formatBRL(order.amountCents))} <span>${escapeHtml(INTERVAL_LABELS[order.intervalType])}</span></p>
      ${state}
      <form method="post" action="/dev-checkout/${encodeURIComponent(order.checkoutId)}">
        <fieldset><legend>Forma de pagamento</legend>${methods}</fieldset>
        ${waiting ? `<input type="hidden" name="method" value="${latest.method}">` : ""}
        <div class="actions">
          <button name="outcome" value="approved" class="approve">${waiting ? "Confirmar pagamento" : "Aprovar"}</button>
          ${waiting ? "" : '<button name="outcome" value="pending" class="pending">Deixar pendente</button>'}
          <button name="outcome" value="rejected" class="reject">Recusar</button>
        </div>
      </form>
      <p><a href="${paths.pricing}">Voltar aos planos</a></p>`;
    return page(reply, 200, "Checkout de testes", content);
  });

  app.post<{ Params: { id: string }; Body: { outcome?: string; method?: string } }>(
    "/dev-checkout/:id",
    async (request, reply) => {
      // A form of our own origin only (the /api/ CSRF hook does not cover this path).
      if (!fromOurPage(request.headers, app.config.publicUrl)) {
        return page(reply, 403, "Origem recusada", "<p>Requisição de outra origem recusada.</p>");
      }
      const order = await ownOrder(request);
      if (!order) return notFound(reply);
      const outcome = OUTCOMES.find((value) => value === request.body?.outcome);
      const method =
        DEV_METHODS.find((value) => value === request.body?.method) ?? ("pix" satisfies DevMethod);
      if (!outcome)
        return page(reply, 400, "Escolha inválida", "<p>Escolha aprovar, deixar pendente ou recusar.</p>");
      if (order.closed) return closed(reply);
      const paymentId = await checkout.pay(order.checkoutId, outcome, method);
      await syncPayment(app, paymentId, "dev-checkout");
      const query = new URLSearchParams({ payment_status: outcome, payment_id: paymentId });
      return reply.redirect(`${paths.subscription}?${query}`, 303);
    },
  );
};

/**
 * Whether a form post came from one of our pages. Browsers say so in Sec-Fetch-Site; Origin is
 * "null" under our no-referrer policy, so only a real other origin there is refused. (The session
 * cookie is SameSite=Lax: a cross-site post would not be signed in anyway.)
 */
function fromOurPage(headers: Record<string, string | string[] | undefined>, publicUrl: string): boolean {
  const site = headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return false;
  const origin = headers.origin;
  if (typeof origin !== "string" || origin === "null") return true;
  try {
    return origin === new URL(publicUrl).origin || new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 10px 30px rgba(15,23,42,.08)}.notice{background:#fef3c7;color:#92400e;border-radius:.5rem;padding:.75rem;font-size:.875rem}h1{font-size:1.25rem;margin:1rem 0 .25rem}.desc{color:#475569;margin:0}.amount{font-size:2rem;font-weight:700;margin:1rem 0}.amount span{font-size:1rem;color:#64748b;font-weight:400}fieldset{border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem}legend{font-weight:600;padding:0 .25rem}.method{display:block;padding:.375rem 0}.actions{display:grid;gap:.5rem;margin-top:1rem}button{font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.75rem;cursor:pointer}.approve{background:#16a34a;color:#fff}.pending{background:#2563eb;color:#fff}.reject{background:#e2e8f0;color:#0f172a}.state{color:#334155}a{color:#2563eb}`;

function document(appName: string, title: string, content: string) {
  return htmlPage({ title: `${title} · ${appName}`, css: STYLE, body: `<main>${content}</main>` });
}
