import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { mailsTo } from "../tests/outbox";

// The e2e server has no SMTP_URL: every e-mail is an .eml file in DATA_DIR/outbox
// (playwright.config.ts: test-results/data-<port>).
const outbox = path.resolve(`test-results/data-${process.env.E2E_PORT ?? 3100}`, "outbox");

/** The newest link to `screen` (e.g. "/auth/redefinir-senha") mailed to `email`, if any yet. */
export function mailedLink(email: string, screen: string): string | undefined {
  const mails = mailsTo(outbox, email);
  const pattern = new RegExp(`https?://[^\\s"<]+${screen.replace(/\//g, "\\/")}\\?token=[\\w-]+`);
  return mails
    .map((eml) => pattern.exec(eml)?.[0])
    .filter(Boolean)
    .at(-1);
}

/** Waits for the mail (it is sent off the request) and answers its link. */
export async function waitForMailedLink(email: string, screen: string): Promise<string> {
  await expect.poll(() => mailedLink(email, screen), { timeout: 10_000 }).toBeTruthy();
  return mailedLink(email, screen)!;
}

/** Verifies a new account's e-mail through the API with the mailed token (paid plans need it). */
export async function verifyEmailFromOutbox(request: APIRequestContext, email: string): Promise<void> {
  const link = await waitForMailedLink(email, "/auth/verificar-email");
  const token = new URL(link).searchParams.get("token");
  const response = await request.post("/api/auth/verify-email", { data: { token } });
  expect(response.ok()).toBe(true);
}
