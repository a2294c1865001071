import { type APIRequestContext, expect } from "@playwright/test";
import { verifyEmailFromOutbox } from "./outbox";

// How the journeys make their accounts and sign in: through the API, each under an address of its
// own, so that a journey never meets another's data.

/** The password of the accounts the journeys register. */
export const PASSWORD = "senha-segura-123";

/** The administrator the e2e server starts with (playwright.config.ts: ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: "admin@atalho.test", password: "senha-admin-e2e" };

/** Whose requests carry the session: a page's or a browser context's (each has its own cookies). */
type Client = { request: APIRequestContext };

/** A new address starting with `prefix`, unique across the run. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@exemplo.com`;

/**
 * Registers a new account through the API, signed in on `client`, and answers its address.
 * `verified` follows the link the server mailed (paid plans need a verified address).
 */
export async function registerViaApi(
  client: Client,
  baseURL: string,
  prefix: string,
  firstName: string,
  options: { lastName?: string; verified?: boolean } = {},
): Promise<string> {
  const email = uniqueEmail(prefix);
  const response = await client.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, first_name: firstName, last_name: options.lastName },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (options.verified) await verifyEmailFromOutbox(client.request, email);
  return email;
}

/** Signs `client` in through the API: the administrator unless another account is given. */
export async function signInViaApi(
  client: Client,
  baseURL: string,
  account: { email: string; password: string } = ADMIN,
): Promise<void> {
  const response = await client.request.post("/api/auth/login", {
    data: account,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}
