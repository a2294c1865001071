// The only reader of process.env: the configuration is parsed once, typed, and fails fast with the
// name of the bad variable.
import { readFileSync } from "node:fs";
import { isIPv4, isIPv6 } from "node:net";
import path from "node:path";
import { z } from "zod";
import { SUPPORT_EMAIL } from "../common/brand";
import { parseTrustProxy, type TrustProxy } from "./lib/client-address";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");
const optional = z
  .string()
  .optional()
  .transform((value) => value || undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().default("./data"),
  DIST_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, "must start with postgres:// or be memory://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis://")
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, "letters, digits and : . _ - only (at most 64)")
    .default("atalho:"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must have 8 or more characters").optional(),
  APP_NAME: z.string().min(1).default("Atalho"),
  MP_ACCESS_TOKEN: optional,
  MP_WEBHOOK_SECRET: optional,
  MP_API_BASE: z.url().optional(),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: optional,
  MAIL_FROM: optional,
  CLOUDFLARE_API_TOKEN: optional,
  CLOUDFLARE_ZONE_ID: optional,
  CLOUDFLARE_API_BASE: z.url().optional(),
  // The domain test (GET /api/admin/test-domain/{id}): our public addresses (comma-separated), the
  // DNS servers it asks (ip or ip:port, comma-separated), where it checks the certificate, and a
  // PEM file of extra trusted CAs.
  PUBLIC_IPV4: optional,
  PUBLIC_IPV6: optional,
  DOMAIN_TEST_DNS_SERVERS: optional,
  DOMAIN_TEST_TLS_HOST: optional,
  DOMAIN_TEST_TLS_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  DOMAIN_TEST_TLS_CA: optional,
  // false (no proxy), true (one), a number of proxies, or their addresses and CIDRs (client-address.ts).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  // Browser tests register many accounts from one address; refused in production.
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Tests of several processes: every scheduled job runs at this period (ms) instead of its own.
  JOBS_EVERY_MS: z.coerce.number().int().min(500).optional(),
  // Outgoing webhooks and Web Push to http://localhost or 127.0.0.1 (a receiver or a fake push service
  // in development and tests); refused in production.
  WEBHOOKS_ALLOW_LOOPBACK: bool,
  // Web Push (VAPID, RFC 8292): the key pair (base64url, as web-push prints them), both or neither;
  // unset: generated once into DATA_DIR/vapid.json. The subject is how a push service reaches us.
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be mailto:address or an https:// URL")
    .optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Canonical origin used to build links, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** The built SPA (vite build); unset: ./dist. */
  distDir?: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of every Redis key and channel (tests give each run its own). */
  redisPrefix: string;
  adminEmail?: string;
  adminPassword?: string;
  appName: string;
  /** SMTP server (smtp:// or smtps://); unset: messages are written to DATA_DIR/outbox/ as .eml. */
  smtpUrl?: string;
  /** The From of every message: MAIL_FROM, or "APP_NAME <no-reply@host of PUBLIC_URL>". */
  mailFrom: string;
  /**
   * TRUST_PROXY: who stands between the client and us (true: one proxy), the one rule of request.ip
   * and of the redirect's own reader (server/lib/client-address.ts).
   */
  trustProxy: TrustProxy;
  logLevel: string;
  /**
   * Google sign-in (OpenID Connect), on when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. The
   * issuer is Google's unless GOOGLE_ISSUER names another (tests: a local provider on loopback).
   */
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** Whether cookies get the Secure flag: true when the public origin is https. */
  secureCookies: boolean;
  /** Click queue: flush when this many clicks wait, or after this many ms. */
  clickBatchSize: number;
  clickFlushMs: number;
  /** Rate limits can be relaxed for load tests; never in production. */
  rateLimits: boolean;
  /**
   * Mercado Pago (MP_ACCESS_TOKEN set): the real payment provider. Unset: the dev checkout, outside
   * production; in production without it nobody can subscribe.
   */
  mercadoPago?: { accessToken: string; webhookSecret: string; apiBase: string };
  /** The built-in checkout page that approves, leaves pending or rejects (never in production). */
  devCheckout: boolean;
  /** Subscription expiry and the analytics purge on timers (tests run them by hand). */
  scheduledJobs: boolean;
  /** JOBS_EVERY_MS: one period for every scheduled job (tests of several processes); unset: each its own. */
  jobsEveryMs?: number;
  /** How long the admin overview's figures are reused (each is a scan of a large table); 0 in tests. */
  adminStatsTtlMs: number;
  /** How long a visitor's (no session cookie) server-rendered public screen is reused; 0: never. */
  sitePageTtlMs: number;
  /** The domain test (server/modules/domains/domain-test.ts). */
  domainTest: DomainTestConfig;
  /**
   * Cloudflare automation of custom domains (server/modules/domains/cloudflare.ts), on when
   * CLOUDFLARE_API_TOKEN and CLOUDFLARE_ZONE_ID are set; apiBase: CLOUDFLARE_API_BASE (tests).
   */
  cloudflare?: { apiToken: string; zoneId: string; apiBase?: string };
  /** Outgoing webhooks (server/modules/webhooks). */
  webhooks: WebhooksConfig;
  /** Web Push (server/modules/notifications). */
  push: PushConfig;
};

export type PushConfig = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset: a pair generated once into DATA_DIR/vapid.json. */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** VAPID_SUBJECT: mailto: or https:, how a push service's operator reaches us (default: the admin's address). */
  subject: string;
  /** WEBHOOKS_ALLOW_LOOPBACK: push endpoints on loopback over plain http (tests); never in production. */
  allowLoopback: boolean;
};

export type WebhooksConfig = {
  /** WEBHOOKS_ALLOW_LOOPBACK: targets on loopback over plain http (tests, development); never in production. */
  allowLoopback: boolean;
  /** How often each process looks for due deliveries. */
  pollMs: number;
  /** link.clicked: a process gathers clicks this long into one delivery per webhook. */
  clickWindowMs: number;
  /** The wait before each retry; a delivery gets retryDelaysMs.length + 1 attempts. */
  retryDelaysMs: number[];
  /** The whole request, connection to answer. */
  timeoutMs: number;
};

export type DomainTestConfig = {
  /** Our public addresses; empty: the addresses PUBLIC_URL's host resolves to. */
  publicIpv4: string[];
  publicIpv6: string[];
  /** DNS servers asked ("ip" or "ip:port"); unset: the system's resolvers. */
  dnsServers?: string[];
  /** Where the TLS handshake goes (SNI is always the domain); unset: the address the domain resolves to. */
  tlsHost?: string;
  tlsPort: number;
  /** PEM certificates trusted besides the system store (a private CA, Caddy's `tls internal`). */
  tlsCa?: string;
  dnsTimeoutMs: number;
  tlsTimeoutMs: number;
};

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  ADMIN_EMAIL: required when ADMIN_PASSWORD is set",
    );
  }
  if (env.RATE_LIMITS === "off" && env.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid environment variable(s):\n  RATE_LIMITS: cannot be off when NODE_ENV=production",
    );
  }
  if (env.MP_ACCESS_TOKEN && !env.MP_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  MP_WEBHOOK_SECRET: required when MP_ACCESS_TOKEN is set (webhooks are verified with it)",
    );
  }
  if (!env.GOOGLE_CLIENT_ID !== !env.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both (Google sign-in) or neither",
    );
  }
  if (!env.CLOUDFLARE_API_TOKEN !== !env.CLOUDFLARE_ZONE_ID) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  CLOUDFLARE_API_TOKEN, CLOUDFLARE_ZONE_ID: set both (Cloudflare automation of custom domains) or neither",
    );
  }
  if (env.WEBHOOKS_ALLOW_LOOPBACK && env.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid environment variable(s):\n  WEBHOOKS_ALLOW_LOOPBACK: cannot be on when NODE_ENV=production",
    );
  }
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (Web Push keys) or neither",
    );
  }
  if (env.VAPID_PUBLIC_KEY && base64urlBytes(env.VAPID_PUBLIC_KEY) !== 65) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  VAPID_PUBLIC_KEY: must be a P-256 public key, 65 bytes in base64url",
    );
  }
  if (env.VAPID_PRIVATE_KEY && base64urlBytes(env.VAPID_PRIVATE_KEY) !== 32) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  VAPID_PRIVATE_KEY: must be a P-256 private key, 32 bytes in base64url",
    );
  }
  const googleIssuer = env.GOOGLE_ISSUER ?? "https://accounts.google.com";
  if (!googleIssuer.startsWith("https://") && !isLoopback(new URL(googleIssuer).hostname)) {
    throw new ConfigError(
      "Invalid environment variable(s):\n  GOOGLE_ISSUER: must be https (plain http only on loopback)",
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: env.DATA_DIR,
    distDir: env.DIST_DIR && path.resolve(env.DIST_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    appName: env.APP_NAME,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: googleIssuer }
        : undefined,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    secureCookies: publicUrl.startsWith("https://"),
    // Writes are per batch, on the thread that answers: under load, few large batches beat many.
    // A second's clicks wait at most a second (a crash, unlike SIGTERM, loses that second).
    clickBatchSize: 50_000,
    clickFlushMs: 1000,
    rateLimits: env.RATE_LIMITS === "on",
    mercadoPago: env.MP_ACCESS_TOKEN
      ? {
          accessToken: env.MP_ACCESS_TOKEN,
          webhookSecret: env.MP_WEBHOOK_SECRET!,
          apiBase: (env.MP_API_BASE ?? "https://api.mercadopago.com").replace(/\/+$/, ""),
        }
      : undefined,
    devCheckout: !env.MP_ACCESS_TOKEN && env.NODE_ENV !== "production",
    scheduledJobs: env.NODE_ENV !== "test",
    jobsEveryMs: env.JOBS_EVERY_MS,
    adminStatsTtlMs: env.NODE_ENV === "test" ? 0 : 15_000,
    sitePageTtlMs: env.NODE_ENV === "test" ? 0 : 10_000,
    domainTest: domainTestConfig(env),
    webhooks: {
      allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK,
      pollMs: 5_000,
      clickWindowMs: 60_000,
      // 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h: 8 attempts over about 45 hours.
      retryDelaysMs: [1, 5, 30, 120, 360, 720, 1440].map((minutes) => minutes * 60_000),
      timeoutMs: 10_000,
    },
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.ADMIN_EMAIL?.toLowerCase() ?? SUPPORT_EMAIL}`,
      allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK,
    },
    cloudflare:
      env.CLOUDFLARE_API_TOKEN && env.CLOUDFLARE_ZONE_ID
        ? {
            apiToken: env.CLOUDFLARE_API_TOKEN,
            zoneId: env.CLOUDFLARE_ZONE_ID,
            apiBase: env.CLOUDFLARE_API_BASE?.replace(/\/+$/, ""),
          }
        : undefined,
  };
}

function domainTestConfig(env: z.infer<typeof envSchema>): DomainTestConfig {
  const list = (value: string | undefined) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  const fail = (name: string, message: string) =>
    new ConfigError(`Invalid environment variable(s):\n  ${name}: ${message}`);
  const publicIpv4 = list(env.PUBLIC_IPV4);
  const publicIpv6 = list(env.PUBLIC_IPV6).map((ip) => ip.toLowerCase());
  if (!publicIpv4.every((ip) => isIPv4(ip))) throw fail("PUBLIC_IPV4", "must be IPv4 addresses");
  if (!publicIpv6.every((ip) => isIPv6(ip))) throw fail("PUBLIC_IPV6", "must be IPv6 addresses");
  const dnsServers = list(env.DOMAIN_TEST_DNS_SERVERS);
  const serverAddress = (server: string) =>
    server.match(/^\[(.+)\](?::\d{1,5})?$/)?.[1] ?? server.match(/^([\d.]+)(?::\d{1,5})?$/)?.[1] ?? server;
  if (!dnsServers.every((server) => isIPv4(serverAddress(server)) || isIPv6(serverAddress(server)))) {
    throw fail("DOMAIN_TEST_DNS_SERVERS", "must be ip, ip:port or [ipv6]:port, comma-separated");
  }
  let tlsCa: string | undefined;
  if (env.DOMAIN_TEST_TLS_CA) {
    try {
      tlsCa = readFileSync(env.DOMAIN_TEST_TLS_CA, "utf8");
    } catch {
      throw fail("DOMAIN_TEST_TLS_CA", `cannot read ${env.DOMAIN_TEST_TLS_CA}`);
    }
    if (!tlsCa.includes("-----BEGIN CERTIFICATE-----")) {
      throw fail("DOMAIN_TEST_TLS_CA", "must be a PEM file of certificates");
    }
  }
  return {
    publicIpv4,
    publicIpv6,
    dnsServers: dnsServers.length > 0 ? dnsServers : undefined,
    tlsHost: env.DOMAIN_TEST_TLS_HOST,
    tlsPort: env.DOMAIN_TEST_TLS_PORT,
    tlsCa,
    dnsTimeoutMs: 2000,
    tlsTimeoutMs: 3000,
  };
}

/** The bytes a base64url text decodes to; -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, "base64url").length : -1;
}

/** 127.0.0.1, ::1 or localhost: where a plain-http OpenID provider may run (tests, development). */
export const isLoopback = (hostname: string) =>
  hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
