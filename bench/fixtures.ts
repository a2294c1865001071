// What the seed puts in the database and the baselines serve: one definition, so both sides of a
// comparison answer the same codes with the same targets.

/** Short links owned by the load-test user (the cold-redirect figure touches all of them). */
export const SHORT_LINK_COUNT = 1_000_000;
/** Buttons on the benchmarked Link Bio page. */
export const PAGE_LINK_COUNT = 10;
export const PAGE_SLUG = "bench-page";
/** Recorded clicks of the analytics user (the heaviest), seeded as daily rollups. */
export const ANALYTICS_CLICKS = 10_000_000;
export const ANALYTICS_DAYS = 365;

/** The i-th short code (1-based): l0000001 ... l1000000. */
export function codeFor(i: number): string {
  return `l${String(i).padStart(7, "0")}`;
}

/**
 * The scattered order of cold visits (bench/touch-all.ts, bench/cold-codes.lua): the i-th code is
 * (i * SCATTER_STEP) % n + 1. Odd and not a multiple of 5 or of 3: coprime with the bench's sizes
 * (10^k, and 3 x 10^k).
 */
export const SCATTER_STEP = 611_953;

/** The i-th target URL. */
export function targetFor(i: number): string {
  return `https://exemplo.com.br/produtos/item-${i}?utm_source=atalho`;
}

/** The same two, as SQL expressions over an integer column `i` (seeding with generate_series). */
export const CODE_SQL = "'l' || lpad(i::text, 7, '0')";
export const TARGET_SQL = "'https://exemplo.com.br/produtos/item-' || i || '?utm_source=atalho'";

/** The code hammered by the redirect throughput run (a cached hit after the warm-up). */
export const HOT_CODE_INDEX = 4242;

/** Customers seeded for the admin overview at scale: bench-user-1 ... bench-user-100000. */
export const BENCH_USER_COUNT = 100_000;
export const benchUserEmail = (n: number) => `bench-user-${n}@exemplo.com.br`;

/** Link Bio pages of the first bench users (pagina-1 ... pagina-10000), 5 links each. */
export const BENCH_PAGE_COUNT = 10_000;
export const BENCH_PAGE_LINKS = 5;

/**
 * The load user's short-link list searched for a term in the target URLs: item-4242, item-42420..9
 * and item-424200..99 match (111 links of the million).
 */
export const LIST_SEARCH = "item-4242";
export const LIST_SEARCH_MATCHES = 111;

/** The administrator the server under test creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = "admin-bench@exemplo.com.br";
export const ADMIN_PASSWORD = "bench-admin-senha-forte";

/**
 * A short link with three redirect rules (device, country, language), owned by its own
 * user so that the click checks of the load user stay exact. The bench visits it as a desktop
 * browser on loopback (no country) reading English: every rule is evaluated and the last matches.
 */
export const RULES_CODE = "regras3";
export const RULES_DEFAULT_TARGET = "https://exemplo.com.br/regras/padrao";
export const RULES: { type: "device" | "country" | "language"; value: string; url: string }[] = [
  { type: "device", value: "ios", url: "https://exemplo.com.br/regras/ios" },
  { type: "country", value: "PT", url: "https://exemplo.com.br/regras/portugal" },
  { type: "language", value: "en", url: "https://exemplo.com.br/regras/ingles" },
];
export const RULES_ACCEPT_LANGUAGE = "en-US,en;q=0.9,pt;q=0.5";
/** Where the rules link sends the bench's visitor (the last rule). */
export const RULES_MATCHED_TARGET = "https://exemplo.com.br/regras/ingles";
