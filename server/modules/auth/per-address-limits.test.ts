import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/test-app";

// The per-address limits against someone who changes address: within their own IPv6 /64, or by
// writing whatever they like into X-Forwarded-For behind our proxy. Registration is 10 an hour.

const direct = setupTestApp();
const proxied = setupTestApp({ trustProxy: true });

const unique = () => `limite.${Date.now()}.${Math.random().toString(36).slice(2)}@exemplo.com.br`;

async function registrations(
  t: ReturnType<typeof setupTestApp>,
  from: (i: number) => { remoteAddress: string; headers?: Record<string, string> },
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 14; i++) {
    const response = await t.request({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: unique(), password: "12345678", first_name: "Ana", last_name: "" },
      ...from(i),
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe("registrations from one address", () => {
  it("are limited per IPv6 /64, not per address in it", async () => {
    const statuses = await registrations(direct, (i) => ({ remoteAddress: `2001:db8:1:2::${i}` }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it("behind our proxy are limited by the address it saw, not by a left-most X-Forwarded-For entry", async () => {
    const statuses = await registrations(proxied, (i) => ({
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": `192.0.2.${i}, 198.51.100.9` },
    }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });
});
