import type { AvailableDomain } from "@common/contract/domains";
import type { ShortenedUrl } from "@common/contract/shortened-urls";
import { shortLinkUrl } from "@common/paths";

/**
 * The public address of a short link: its domain's origin + /s/{code}. The default domain, or a
 * domain no longer in the user's list, is the current origin.
 */
export function shortUrlOf(
  url: Pick<ShortenedUrl, "short_code" | "custom_domain_id">,
  domains: AvailableDomain[] | undefined,
  currentOrigin = window.location.origin,
): string {
  const domain = domains?.find((d) => d.id === url.custom_domain_id);
  const host = domain && !domain.is_default ? domain.domain : null;
  return shortLinkUrl({ host, siteOrigin: currentOrigin, code: url.short_code });
}

export function isExpired(url: Pick<ShortenedUrl, "expires_at">, now = Date.now()): boolean {
  return url.expires_at !== null && new Date(url.expires_at).getTime() <= now;
}
