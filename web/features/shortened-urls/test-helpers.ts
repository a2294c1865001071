// Test support for this feature's component tests: a short link as the API returns it.
import type { ShortenedUrl } from "@common/contract/shortened-urls";

/**
 * A plain short link (no rules, limit, expiry or password, "Abrir no app" on) on the default domain;
 * `over` changes it.
 */
export const shortenedUrl = (over: Partial<ShortenedUrl> = {}): ShortenedUrl => ({
  id: 1,
  original_url: "https://exemplo.com.br/1",
  title: null,
  short_code: "code1",
  custom_domain_id: 1,
  click_count: 0,
  created_at: "2026-11-20T15:00:00.000Z",
  expires_at: null,
  updated_at: "2026-11-20T15:00:00.000Z",
  rules: [],
  click_limit: null,
  limit_used: 0,
  expired_url: null,
  has_password: false,
  open_in_app: true,
  ...over,
});
