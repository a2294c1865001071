import { z } from "../zod";

export const availableDomainSchema = z.object({
  id: z.number(),
  domain: z.string(),
  display_name: z.string(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  is_premium: z.boolean(),
});
export type AvailableDomain = z.infer<typeof availableDomainSchema>;

/** The origin where a domain's public links live; the default domain uses the current origin. */
export function domainOrigin(
  domain: Pick<AvailableDomain, "domain" | "is_default">,
  currentOrigin: string,
): string {
  if (domain.is_default) return currentOrigin;
  return `https://${domain.domain}`;
}
