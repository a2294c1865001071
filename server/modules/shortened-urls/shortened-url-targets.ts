import { SHORT_URL_MESSAGES } from "../../../common/contract/shortened-urls";
import { assertLinkTarget } from "../../lib/link-targets";

type Hosts = Parameters<typeof assertLinkTarget>[0];

/** Every place a short link sends visitors: its target, each rule's and the expiry target. */
export type ShortLinkTargets = {
  original_url?: string | undefined;
  rules?: { url: string }[] | undefined;
  expired_url?: string | null | undefined;
};

/**
 * The create checks (not our own hosts, not an internal network) on every target a body carries,
 * each refusal naming its field (`rules.2.url`), on create, update and import alike. `saved`: the
 * targets the link already has, not checked again (links saved before a rule keep working).
 */
export function assertShortLinkTargets(
  app: Hosts,
  targets: ShortLinkTargets,
  saved: ReadonlySet<string> = new Set(),
): void {
  const own = SHORT_URL_MESSAGES.ownShortLink;
  const check = (url: string, field: string) => {
    if (!saved.has(url)) assertLinkTarget(app, url, field, own);
  };
  if (targets.original_url !== undefined) check(targets.original_url, "original_url");
  targets.rules?.forEach((rule, index) => {
    check(rule.url, `rules.${index}.url`);
  });
  if (targets.expired_url) check(targets.expired_url, "expired_url");
}

/** Every target a saved link has (see assertShortLinkTargets' `saved`). */
export const savedTargets = (row: {
  originalUrl: string;
  rules: { url: string }[];
  expiredUrl: string | null;
}) =>
  new Set([
    row.originalUrl,
    ...row.rules.map((rule) => rule.url),
    ...(row.expiredUrl ? [row.expiredUrl] : []),
  ]);
