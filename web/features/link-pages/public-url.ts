import { type AvailableDomain, domainOrigin } from "@common/contract/domains";

/** {domain}/p/{slug}: the page's domain when known, else the default domain (this origin). */
export function publicPageUrl(
  slug: string,
  domainId: number | null | undefined,
  domains: AvailableDomain[] | undefined,
): string {
  const origin = window.location.origin;
  const domain = domains?.find((d) => d.id === domainId);
  return `${domain ? domainOrigin(domain, origin) : origin}/p/${slug}`;
}
