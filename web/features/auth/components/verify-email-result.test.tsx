import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, testQueryClient } from "../../../../tests/web-fake-api";
import { sessionUser } from "../../../../tests/web-session";
import { VerifyEmailResult } from "./verify-email-result";

afterEach(() => vi.unstubAllGlobals());

describe("VerifyEmailResult", () => {
  it("leaves the session confirmed even when a session check that began before it answers after", async () => {
    const before = sessionUser({ id: 7, email: "joana@exemplo.com", email_verified: false });
    const after = { ...before, email_verified: true };
    let verified = false;
    // The page's first session check is slow: it left before the confirmation and answers after it.
    let answerFirstCheck: () => void = () => undefined;
    let checks = 0;
    fakeApi({
      "GET /api/auth/session": () => {
        checks++;
        if (checks === 1)
          return new Promise((resolve) => {
            answerFirstCheck = () => resolve({ body: { user: before } });
          });
        return { body: { user: verified ? after : before } };
      },
      "POST /api/auth/verify-email": () => {
        verified = true;
        return { body: { success: true, message: "Email confirmado" } };
      },
    });
    const client = testQueryClient();
    void client.fetchQuery(meQuery).catch(() => undefined);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <VerifyEmailResult token="um-token" />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(await screen.findByText("Email confirmado")).toBeTruthy();
    answerFirstCheck();
    // The dashboard, opened next, reads the session: confirmed, not the late answer's old state.
    expect(await client.ensureQueryData(meQuery)).toEqual(after);
  });
});
