import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { mailsTo } from "../tests/outbox";

// The e2e server has no SMTP_URL: every e-mail is an .eml file in DATA_DIR/outbox
// (playwright.config.ts: test-results/data-<port>).
const outbox = path.resolve(`test-results/data-${process.env.E2E_PORT ?? 3100}`, "outbox");

/** The links to `screen` (e.g. "/auth/redefinir-senha") mailed to `email` so far, oldest first. */
export function mailedLinks(email: string, screen: string): string[] {
  const mails = mailsTo(outbox, email);
  const pattern = new RegExp(`https?://[^\\s"<]+${screen.replace(/\//g, "\\/")}\\?token=[\\w-]+`);
  return mails.map((eml) => pattern.exec(eml)?.[0]).filter((link): link is string => Boolean(link));
}

/**
 * Waits for the mail (it is sent off the request) and answers its link: the newest once `count`
 * such mails have come (a resent link voids the earlier ones, so wait for the resent one).
 */
export async function waitForMailedLink(email: string, screen: string, count = 1): Promise<string> {
  await expect
    .poll(() => mailedLinks(email, screen).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  return mailedLinks(email, screen).at(-1)!;
}

/** Verifies a new account's e-mail through the API with the mailed token (paid plans need it). */
export async function verifyEmailFromOutbox(request: APIRequestContext, email: string): Promise<void> {
  const link = await waitForMailedLink(email, "/auth/verificar-email");
  const token = new URL(link).searchParams.get("token");
  const response = await request.post("/api/auth/verify-email", { data: { token } });
  expect(response.ok()).toBe(true);
}
