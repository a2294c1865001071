import { screen } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { lateSessionCheck } from "../../../../tests/web-session";
import { accountUser, renderSignedIn } from "./account-test-setup";
import { EmailChangeResult } from "./email-change-result";

afterEach(() => vi.unstubAllGlobals());

describe("EmailChangeResult", () => {
  it("leaves the session with the new address even when a session check that began before it answers after", async () => {
    const before = accountUser({ email: "joana@exemplo.com" });
    const after = accountUser({ email: "nova@exemplo.com" });
    const session = lateSessionCheck(before, after);
    fakeApi({
      ...session.route,
      "POST /api/user/email/confirm": () => {
        session.change();
        return { body: { success: true, message: "Email alterado com sucesso", email: after.email } };
      },
      "GET /api/user/account": {
        body: { has_password: true, google_linked: false, pending_email_change: null },
      },
    });
    const client = renderSignedIn(<EmailChangeResult token="um-token" />, { route: "/auth/confirmar-email" });
    client.removeQueries({ queryKey: meQuery.queryKey });
    void client.fetchQuery(meQuery).catch(() => undefined);

    expect(await screen.findByText(/Email alterado com sucesso/)).toBeTruthy();
    session.answerFirstCheck();
    // The profile, opened next, reads the session: the new address, not the late answer's old one.
    expect(await client.ensureQueryData(meQuery)).toEqual(after);
    expect(client.getQueryData(meQuery.queryKey)).toEqual(after);
  });
});
