import path from "node:path";
import { defineConfig } from "@playwright/test";
import { ADMIN } from "./e2e/accounts";
import { domainFixtures, writeFixtureCertificates } from "./e2e/domain-fixtures";

// Browser journeys against the production build on a fresh in-memory database. E2E_PORT and
// E2E_DIST let several runs share a machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const dist = process.env.E2E_DIST ?? "dist";

// The domain test asks a DNS server and a TLS listener on loopback that e2e/admin-domains.spec.ts
// runs on these ports. The server reads DOMAIN_TEST_TLS_CA when it starts (before any globalSetup),
// so the runner writes the CA here; the workers, which load this file too, only read it.
export const DOMAIN_FIXTURES = domainFixtures(port);
if (process.env.TEST_WORKER_INDEX === undefined) await writeFixtureCertificates(DOMAIN_FIXTURES);

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // One journey at a time. Two workers were no faster on a 2-core machine (29 Nov 2026: 57 journeys
  // in 6.6 min against 71 in 8.7 min, each journey taking twice as long, one of them past its 7 s
  // wait): the journeys are CPU-bound, most of it Chromium's (renderer, browser and GPU processes,
  // ~10 CPU-seconds a journey), then the runner's and the server's.
  workers: 1,
  // No retries: a journey that fails now and then has a race to find, not to hide.
  retries: 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    // NOTE: headless Chromium says "HeadlessChrome", which isbot counts as a bot; clicks must count.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
    // A failed journey keeps its trace: each action with the page's DOM before and after it (what
    // finds a race). Without the screencast, which kept the browser painting frames for every test
    // (~15% of a journey's time on a 2-core machine; the DOM snapshots cost nothing measurable).
    trace: { mode: "retain-on-failure", screenshots: false },
    // Each new context would otherwise install the app's worker 3 s after its first page and
    // download the whole build into it (~180 files): the journeys about the worker allow it
    // (pwa, push-notifications, fonts).
    serviceWorkers: "block",
  },
  webServer: {
    // The production build (React's production runtime, the service worker) whatever NODE_ENV the
    // server runs with; the output path made absolute, as vite resolves it from web/.
    // E2E_PREBUILT=1: `npm test` built it already, beside the lint and the type check.
    command: `${process.env.E2E_PREBUILT === "1" ? "" : `NODE_ENV=production npx vite build --logLevel warn --outDir ${path.resolve(dist)} && `}node --import tsx server/main.ts`,
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "memory://",
      DIST_DIR: dist,
      DATA_DIR: `test-results/data-${port}`,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      // With REDIS_URL (CI), a run's keys apart from any other run's on the same Redis: the blog's
      // daily "seen" set would otherwise remember a visitor of an earlier run's post of the same id.
      REDIS_PREFIX: `atalho-e2e:${process.pid}-${Date.now()}:`,
      // Every journey registers from 127.0.0.1 against one server; the limits have API tests.
      RATE_LIMITS: "off",
      // The journeys play a CDN's visitor with CF-IPCountry, which counts only behind a trusted proxy.
      TRUST_PROXY: "true",
      // The administrator the journeys sign in as (e2e/accounts.ts).
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The domain test against the loopback fixtures (e2e/domain-fixtures.ts); our address is 127.0.0.1.
      DOMAIN_TEST_DNS_SERVERS: `127.0.0.1:${DOMAIN_FIXTURES.dnsPort}`,
      DOMAIN_TEST_TLS_HOST: "127.0.0.1",
      DOMAIN_TEST_TLS_PORT: String(DOMAIN_FIXTURES.tlsPort),
      DOMAIN_TEST_TLS_CA: DOMAIN_FIXTURES.caFile,
      PUBLIC_IPV4: "127.0.0.1",
      // Outgoing webhooks to the receiver e2e/webhooks.spec.ts runs on loopback (never in production).
      WEBHOOKS_ALLOW_LOOPBACK: "true",
    },
  },
});
