// Test-only: custom domain fixtures (factories with overrides) for the manager's tests.
import type { CustomDomain, DomainTestResult } from "@common/contract/domains";

export const customDomain = (id: number, over: Partial<CustomDomain> = {}): CustomDomain => ({
  id,
  domain: `links${id}.exemplo.com.br`,
  domain_unicode: `links${id}.exemplo.com.br`,
  display_name: `Links ${id}`,
  is_active: true,
  is_premium: false,
  is_default: false,
  created_at: "2026-11-20T15:00:00.000Z",
  needs_activation: false,
  root_redirect_url: null,
  plan_ids: [],
  usage: { link_pages_count: 0, shortened_urls_count: 0 },
  ...over,
});

export const testResult = (over: Partial<DomainTestResult> = {}): DomainTestResult => ({
  validation_result: {
    is_valid: false,
    dns_configured: true,
    ssl_configured: false,
    error_message: "Certificado emitido para outro nome",
    last_check: "2026-11-24T12:30:00.000Z",
  },
  usage_stats: { link_pages_count: 3, shortened_urls_count: 1 },
  test_urls: {
    sample_link_page: "https://links2.exemplo.com.br/p/loja",
    sample_short_url: "https://links2.exemplo.com.br/s/abc123",
  },
  status: "pending",
  dns: {
    a: ["203.0.113.10"],
    aaaa: [],
    cname: [],
    expected: { a: ["203.0.113.10"], aaaa: ["2001:db8::10"], cname: "app.atalho.test" },
  },
  ssl: {
    valid: false,
    issuer: "Caddy Local Authority",
    valid_to: "2027-02-20T12:00:00.000Z",
    days_remaining: 88,
    error: "certificado autoassinado",
  },
  ...over,
});
