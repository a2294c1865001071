import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, testQueryClient } from "../../../../tests/web-fake-api";
import { lateSessionCheck, sessionUser } from "../../../../tests/web-session";
import { VerifyEmailResult } from "./verify-email-result";

afterEach(() => vi.unstubAllGlobals());

describe("VerifyEmailResult", () => {
  it("leaves the session confirmed even when a session check that began before it answers after", async () => {
    const before = sessionUser({ id: 7, email: "joana@exemplo.com", email_verified: false });
    const after = { ...before, email_verified: true };
    const session = lateSessionCheck(before, after);
    fakeApi({
      ...session.route,
      "POST /api/auth/verify-email": () => {
        session.change();
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
    session.answerFirstCheck();
    // The dashboard, opened next, reads the session: confirmed, not the late answer's old state.
    expect(await client.ensureQueryData(meQuery)).toEqual(after);
  });
});
