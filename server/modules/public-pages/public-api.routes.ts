import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LINK_PAGE_MESSAGES,
  type PublicLink,
  type PublicLinkPage,
  publicLinkListSchema,
  publicLinkPageSchema,
  trackLinkClickBodySchema,
} from "../../../common/contract/link-pages";
import { linkPageUrl } from "../../../common/paths";
import { z } from "../../../common/zod";
import { viaTrustedProxy } from "../../lib/client-address";
import { notFound } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { clickFrom } from "../clicks/click-info";
import { withBlockedLinksGuarded } from "./blocked-links";
import { BLOCK_CLICK_RATE } from "./click-rate";
import { shownAt } from "./public-page.view";
import { findPublicPage, findTrackableLink } from "./public-pages.queries";

const slugParamsSchema = z.object({
  slug: z
    .string()
    .max(100)
    .transform((s) => s.toLowerCase()),
});

// The public Link Bio API (spec 7, "Public"), on the domain the request's Host names.
export const publicApiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  async function requirePublicPage(host: string | undefined, slug: string) {
    const found = await findPublicPage(app.db, app.domains.resolve(host).id, slug);
    if (!found) throw notFound(LINK_PAGE_MESSAGES.notFound);
    return found;
  }

  app.get(
    "/api/public/link-pages/:slug",
    { schema: { params: slugParamsSchema, response: { 200: publicLinkPageSchema } } },
    async (request): Promise<PublicLinkPage> => {
      const { page } = await requirePublicPage(request.headers.host, request.params.slug);
      return {
        title: page.title,
        description: page.description,
        profile_image_url: page.profileImageUrl,
        background_color: page.backgroundColor,
        text_color: page.textColor,
        button_style: JSON.stringify(page.buttonStyle ?? {}),
        button_font: page.buttonFont,
      };
    },
  );

  app.get(
    "/api/public/link-pages/:slug/links",
    { schema: { params: slugParamsSchema, response: { 200: publicLinkListSchema } } },
    async (request): Promise<PublicLink[]> => {
      const found = await requirePublicPage(request.headers.host, request.params.slug);
      // A link to a blocked domain points at the warning page, as on the server-rendered page.
      const pageUrl = linkPageUrl({
        host: app.domains.publicHostOf(found.page.domainId),
        siteOrigin: app.config.publicUrl,
        slug: found.page.slug,
      });
      // The spec's links: the link blocks a visitor sees now.
      const { blocks } = withBlockedLinksGuarded(app, shownAt(found, Date.now()), pageUrl);
      return blocks.flatMap((block) =>
        block.type === "link"
          ? [
              {
                id: block.id,
                title: block.data.title,
                url: block.data.url,
                custom_style: JSON.stringify(block.data.custom_style ?? {}),
              },
            ]
          : [],
      );
    },
  );

  // A click on a Link Bio button, sent by the public page's beacon: recorded after the answer. The
  // call is same-origin, so its Referer is always our page: the visitor's origin is the body's
  // referrer (the page's document.referrer), else none.
  app.post(
    "/api/track-link-click",
    {
      schema: { body: trackLinkClickBodySchema },
      preHandler: rateLimited(app, [BLOCK_CLICK_RATE]),
    },
    async (request, reply) => {
      const link = await findTrackableLink(app.db, request.body.link_id);
      if (!link) throw notFound(LINK_PAGE_MESSAGES.linkNotFound);
      app.clicks.push(
        clickFrom(
          request.headers,
          request.ip,
          { userId: link.userId, targetType: link.type, targetId: link.linkId, linkPageId: link.linkPageId },
          viaTrustedProxy(request.raw, app.proxyTrust),
          app.visitors,
          request.body.referrer ?? null,
        ),
      );
      return reply.code(204).send();
    },
  );
};
