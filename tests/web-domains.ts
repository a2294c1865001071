// Test-only, for the web component tests whose screens pick a domain (short links, Link Bio): what
// GET /api/user/available-domains answers.
import type { AvailableDomain } from "@common/contract/domains";

/** The server's default domain, unless `over` says otherwise. */
export const availableDomain = (over: Partial<AvailableDomain> = {}): AvailableDomain => ({
  id: 1,
  domain: "localhost",
  display_name: "Atalho",
  is_active: true,
  is_default: true,
  is_premium: false,
  ...over,
});

/** An install with its default domain only. */
export const DEFAULT_DOMAINS: AvailableDomain[] = [availableDomain()];
