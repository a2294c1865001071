import type { AvailableDomain } from "@common/contract/domains";
import { linkPageUrl } from "@common/paths";

/** {domain}/p/{slug}: the page's domain when known, else the default domain (this origin). */
export function publicPageUrl(
  slug: string,
  domainId: number | null | undefined,
  domains: AvailableDomain[] | undefined,
): string {
  const domain = domains?.find((d) => d.id === domainId);
  const host = domain && !domain.is_default ? domain.domain : null;
  return linkPageUrl({ host, siteOrigin: window.location.origin, slug });
}
