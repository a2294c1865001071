import { expect, type Page } from "@playwright/test";
import { verifyEmailFromOutbox } from "./outbox";

// How the journeys make their accounts: through the API, each under an address of its own, so that
// a journey never meets another's data.

/** The password of the accounts the journeys register. */
export const PASSWORD = "senha-segura-123";

/** A new address starting with `prefix`, unique across the run. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@exemplo.com`;

/**
 * Registers a new account through the API, signed in on `page`, and answers its address.
 * `verified` follows the link the server mailed (paid plans need a verified address).
 */
export async function registerViaApi(
  page: Page,
  baseURL: string,
  prefix: string,
  firstName: string,
  options: { lastName?: string; verified?: boolean } = {},
): Promise<string> {
  const email = uniqueEmail(prefix);
  const response = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, first_name: firstName, last_name: options.lastName },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (options.verified) await verifyEmailFromOutbox(page.request, email);
  return email;
}
