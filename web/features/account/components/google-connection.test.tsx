import { GOOGLE_ERRORS, GOOGLE_MESSAGES, type SessionUser } from "@common/contract/auth";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { accountUser, renderSignedIn } from "./account-test-setup";
import { GOOGLE_LINK_PATH, GoogleConnection } from "./google-connection";

const base = accountUser();

const status = (google_enabled: boolean) => ({
  body: { maintenance_mode: false, registration_enabled: true, google_enabled, payments_enabled: true },
});

function renderCard(user: SessionUser, route = "/profile") {
  return renderSignedIn(<GoogleConnection user={user} />, { user, route });
}

afterEach(() => vi.unstubAllGlobals());

describe("GoogleConnection", () => {
  it("offers 'Vincular conta Google' as a link to the server when Google is on", async () => {
    fakeApi({ "GET /api/system/status": status(true) });
    renderCard(base);
    const link = await screen.findByRole("link", { name: "Vincular conta Google" });
    expect(link.getAttribute("href")).toBe(GOOGLE_LINK_PATH);
    expect(screen.getByText("Não vinculada.")).toBeTruthy();
  });

  it("says an unverified e-mail must be confirmed first, without the link", async () => {
    fakeApi({ "GET /api/system/status": status(true) });
    renderCard({ ...base, email_verified: false });
    expect(await screen.findByText(GOOGLE_ERRORS.unverified)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Vincular conta Google" })).toBeNull();
  });

  it("says Google is not available when the server has it off", async () => {
    fakeApi({ "GET /api/system/status": status(false) });
    renderCard(base);
    expect(await screen.findByText(GOOGLE_ERRORS.disabled)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Vincular conta Google" })).toBeNull();
  });

  it("shows the message of a refused link from the redirect's query", async () => {
    fakeApi({ "GET /api/system/status": status(true) });
    renderCard(base, "/profile?google_error=taken");
    expect((await screen.findByRole("alert")).textContent).toBe(GOOGLE_ERRORS.taken);
  });

  it("ignores an error code that is not ours (no provider text is ever shown)", async () => {
    fakeApi({ "GET /api/system/status": status(true) });
    renderCard(base, "/profile?google_error=invalid_grant%20Malformed");
    await screen.findByRole("link", { name: "Vincular conta Google" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the account was linked after a successful link", async () => {
    fakeApi({ "GET /api/system/status": status(true) });
    renderCard({ ...base, google_linked: true }, "/profile?google=linked");
    expect((await screen.findByRole("status")).textContent).toBe(GOOGLE_MESSAGES.linked);
  });

  it("unlinks after a confirmation and updates the session user", async () => {
    const calls = fakeApi({
      "GET /api/system/status": status(true),
      "POST /api/user/google/unlink": {
        body: { success: true, message: GOOGLE_MESSAGES.unlinked, user: { ...base, google_linked: false } },
      },
    });
    const client = renderCard({ ...base, google_linked: true });
    fireEvent.click(screen.getByRole("button", { name: "Desvincular" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("button", { name: "Sim, desvincular" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Desvincular" }));
    fireEvent.click(screen.getByRole("button", { name: "Sim, desvincular" }));
    expect(await screen.findByText(GOOGLE_MESSAGES.unlinked)).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/user/google/unlink")).toHaveLength(1);
    await waitFor(() =>
      expect(client.getQueryData<SessionUser>(meQuery.queryKey)?.google_linked).toBe(false),
    );
  });

  it("shows the server's refusal", async () => {
    fakeApi({
      "GET /api/system/status": status(true),
      "POST /api/user/google/unlink": {
        status: 400,
        body: { success: false, message: GOOGLE_MESSAGES.noPassword, error: GOOGLE_MESSAGES.noPassword },
      },
    });
    renderCard({ ...base, google_linked: true });
    fireEvent.click(screen.getByRole("button", { name: "Desvincular" }));
    fireEvent.click(screen.getByRole("button", { name: "Sim, desvincular" }));
    expect((await screen.findByRole("alert")).textContent).toBe(GOOGLE_MESSAGES.noPassword);
  });

  it("will not unlink an account without a password, and says how to create one", async () => {
    fakeApi({ "GET /api/system/status": status(true) });
    renderCard({ ...base, google_linked: true, has_password: false });
    expect(screen.getByRole("button", { name: "Desvincular" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByText(GOOGLE_MESSAGES.noPassword)).toBeTruthy();
  });
});
