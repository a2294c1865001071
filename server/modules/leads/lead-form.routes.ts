import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { INVALID_DATA } from "../../../common/contract/errors";
import { LEAD_FORM_FIELDS, LEAD_MESSAGES } from "../../../common/contract/leads";
import { formConsentText, formThankYouText } from "../../../common/link-bio/render-blocks";
import { linkPagePath, publicOrigin } from "../../../common/paths";
import { statusPageHtml } from "../../lib/html-page";
import { HttpError } from "../../lib/http-error";
import { byAddress, type Limit, rateLimited } from "../../lib/rate-limits";
import { userAgentClass } from "../clicks/click-info";
import { ERROR_CSP, pageCsp, renderThankYouDocument } from "../public-pages/public-page.document";
import {
  ADULT_PARAM,
  findShownBlock,
  headersFor,
  isAdultConfirmed,
  renderShownPage,
} from "../public-pages/public-page.routes";
import { findPublicPage } from "../public-pages/public-pages.queries";
import { leadCreated } from "./lead-created";
import { checkLeadSubmission, errorMessages, storeLead } from "./lead-submission";

/** The page a form is on, as the request names it: its domain (by Host) and slug. */
const pageKeyOf = (request: FastifyRequest) =>
  `${request.server.domains.resolve(request.headers.host).id}:${String((request.params as { slug?: string }).slug ?? "").toLowerCase()}`;

/**
 * How often a page's forms take submissions: per visitor (their address, an IPv6 by its /64) and
 * page, every post counted (a few mistakes leave room for the right one); per page, the people's
 * submissions that would be stored, which caps what a flood from many addresses costs the owner
 * (contacts, pushes, e-mails). Shared by every process when Redis is configured.
 */
export const LEAD_FORM_RATES = {
  perVisitor: {
    name: "lead-form-visitor",
    max: 10,
    windowMs: 10 * 60_000,
    key: (request) => `${byAddress(request)}:${pageKeyOf(request)}`,
  },
  perPage: { name: "lead-form-page", max: 120, windowMs: 60 * 60_000, key: pageKeyOf },
} satisfies Record<string, Limit>;

/** Posted fields: a name, an e-mail, a number and a few short ones, percent-encoded, fit with room. */
const BODY_LIMIT = 8 * 1024;

type Post = FastifyRequest<{ Params: { slug: string }; Querystring: Record<string, string | undefined> }>;

/**
 * A Link Bio page's contact form, the visitor's side (issue 37): POST /p/{slug}/leads takes the
 * form-encoded answers and GET /p/{slug}/obrigado thanks. Without script the answer is a 303 to the
 * thank-you page or the page again with the errors in its form; the page's script sends the same
 * body with `Accept: application/json` and gets `{message}` or the API's error shape. No form token
 * or timing trap: a filled honeypot is thanked and kept nothing. Registered at the root (no cookie,
 * CSRF or session: a visitor has none; a post from another site can only forge what curl can).
 */
export const leadFormRoutes: FastifyPluginAsync = async (app) => {
  const perVisitor = rateLimited(app, [LEAD_FORM_RATES.perVisitor]);
  const perPage = rateLimited(app, [LEAD_FORM_RATES.perPage]);
  /** Whether a limit refuses this request (it sets Retry-After on the reply). */
  const overRate = async (check: typeof perVisitor, request: FastifyRequest, reply: FastifyReply) => {
    try {
      await check.call(app, request, reply);
      return false;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return true;
      throw error;
    }
  };

  // This context reads small form posts only; any other body is refused.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
  app.addContentTypeParser("*", (_request, _payload, done) => done(new HttpError(415, INVALID_DATA)));

  const homeUrl = `${app.config.publicUrl}/`;
  const html = (reply: FastifyReply, status: number, csp: string, body: string) =>
    reply
      .code(status)
      .headers({ ...headersFor(csp), "cache-control": "no-store", "x-robots-tag": "noindex" })
      .send(body);
  /** A short page of ours for what has no form to show again (a form gone, too many posts). */
  const notice = (reply: FastifyReply, status: 404 | 429, title: string, backHref: string) =>
    html(
      reply,
      status,
      ERROR_CSP,
      statusPageHtml({
        status,
        title,
        hint:
          status === 404
            ? "O formulário pode ter sido removido ou desativado."
            : "Seus dados não foram enviados.",
        link: { href: backHref, label: "Voltar para a página" },
        icon: true,
      }),
    );

  // POST /p/{slug}/leads: a visitor's answers to a form block of the page.
  app.post<{ Params: { slug: string }; Querystring: Record<string, string | undefined> }>(
    "/p/:slug/leads",
    async (request: Post, reply) => {
      const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const json = (request.headers.accept ?? "").includes("application/json");
      const adultConfirmed = isAdultConfirmed(request.query);
      const pagePath = `${linkPagePath(request.params.slug.toLowerCase())}${adultConfirmed ? `?${ADULT_PARAM}` : ""}`;
      const tooMany = () => {
        if (json) throw new HttpError(429, LEAD_MESSAGES.tooMany);
        return notice(reply, 429, LEAD_MESSAGES.tooMany, pagePath);
      };
      if (await overRate(perVisitor, request, reply)) return tooMany();

      const rawId = body.get(LEAD_FORM_FIELDS.blockId) ?? "";
      const shown = /^\d{1,10}$/.test(rawId)
        ? await findShownBlock(app, request.headers.host, request.params.slug, Number(rawId), adultConfirmed)
        : null;
      if (shown?.block.type !== "form") {
        if (json) throw new HttpError(404, LEAD_MESSAGES.formNotFound);
        return notice(reply, 404, LEAD_MESSAGES.formNotFound, pagePath);
      }
      const { page, block } = shown;
      const thanked = () => {
        if (json)
          return reply.header("cache-control", "no-store").send({ message: formThankYouText(block.data) });
        // Post/redirect/get: a reload of the thank-you page sends nothing again.
        return reply.header("cache-control", "no-store").redirect(thankYouPath(page, block.id), 303);
      };
      // A bot that filled the field people never see: thanked like anyone, nothing kept.
      if (body.get(LEAD_FORM_FIELDS.honeypot)) return thanked();

      const consentText = formConsentText(block.data, page.title);
      const check = checkLeadSubmission(block.data.fields, (name) => body.get(name), consentText);
      if (!check.answers) {
        const messages = errorMessages(check.errors);
        if (json) throw new HttpError(400, messages[0]!, check.errors, messages);
        const os = userAgentClass(request.headers["user-agent"] ?? "").inAppBrowser?.os;
        const formState = { blockId: block.id, values: check.values, errors: check.errors };
        return html(
          reply,
          400,
          pageCsp(shown.shown.blocks),
          renderShownPage(app, shown.shown, { adultConfirmed, os, formState }),
        );
      }
      if (await overRate(perPage, request, reply)) return tooMany();

      const stored = await storeLead(app.db, {
        userId: page.userId,
        linkPageId: page.id,
        blockId: block.id,
        consentText,
        answers: check.answers,
      });
      thanked();
      // The webhooks, pushes and e-mails hear of a new contact after the visitor's answer.
      if (stored.created) {
        const event = {
          lead: stored.lead,
          page: { id: page.id, title: page.title, slug: page.slug },
          overLimit: stored.overLimit,
        };
        setImmediate(() => leadCreated(app, event));
      }
      return reply;
    },
  );

  // A reload of a refused page's address, or a link to it: the page.
  app.get<{ Params: { slug: string }; Querystring: Record<string, string | undefined> }>(
    "/p/:slug/leads",
    async (request, reply) => {
      const confirmed = isAdultConfirmed(request.query) ? `?${ADULT_PARAM}` : "";
      return reply
        .header("cache-control", "no-store")
        .redirect(`${linkPagePath(request.params.slug.toLowerCase())}${confirmed}`, 303);
    },
  );

  // GET /p/{slug}/obrigado?bloco={id}: a form's thank-you, with a way back to the page. The block's
  // own text while it is shown; the default one otherwise (a page that is gone answers 404).
  app.get<{ Params: { slug: string }; Querystring: Record<string, string | undefined> }>(
    "/p/:slug/obrigado",
    async (request, reply) => {
      const adultConfirmed = isAdultConfirmed(request.query);
      const rawId = request.query.bloco ?? "";
      const shown = /^\d{1,10}$/.test(rawId)
        ? await findShownBlock(app, request.headers.host, request.params.slug, Number(rawId), adultConfirmed)
        : null;
      const page =
        shown?.page ??
        (
          await findPublicPage(
            app.db,
            app.domains.resolve(request.headers.host).id,
            request.params.slug.toLowerCase(),
          )
        )?.page;
      if (!page) {
        return html(
          reply,
          404,
          ERROR_CSP,
          statusPageHtml({
            status: 404,
            title: LEAD_MESSAGES.formNotFound,
            hint: "O endereço pode estar errado, ou a página foi removida ou desativada.",
            link: { href: homeUrl, label: `Ir para o ${app.config.appName}` },
            icon: true,
          }),
        );
      }
      const block = shown?.block.type === "form" ? shown.block : null;
      const origin = publicOrigin(app.domains.publicHostOf(page.domainId), app.config.publicUrl);
      const confirmed = page.isSensitive && adultConfirmed ? `?${ADULT_PARAM}` : "";
      return html(
        reply,
        200,
        ERROR_CSP,
        renderThankYouDocument(
          page,
          { origin, homeUrl, appName: app.config.appName },
          {
            message: formThankYouText(block?.data ?? {}),
            backHref: `${linkPagePath(page.slug)}${confirmed}`,
          },
        ),
      );
    },
  );
};

/** Where a form's visitor is thanked (with the 18+ confirmation of a sensitive page, as they had it). */
export const thankYouPath = (page: { slug: string; isSensitive: boolean }, blockId: number) =>
  `${linkPagePath(page.slug)}/obrigado?bloco=${blockId}${page.isSensitive ? `&${ADULT_PARAM}` : ""}`;
