import type { SessionUser } from "@common/contract/auth";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { accountUser, renderSignedIn } from "./account-test-setup";
import { ProfilePhotoField } from "./profile-photo-field";

const user = accountUser({ profile_picture_url: "/uploads/0123456789abcdef0123456789abcdef.png" });

function renderField() {
  return renderSignedIn(<ProfilePhotoField user={user} />, { user });
}

const fileInput = () => document.querySelector<HTMLInputElement>("input[type=file]")!;

afterEach(() => vi.unstubAllGlobals());

describe("ProfilePhotoField", () => {
  it("refuses a file that is not an image or is over 5MB before sending anything", async () => {
    const calls = fakeApi({});
    renderField();
    expect(screen.getByText("PNG, JPG até 5MB")).toBeTruthy();
    fireEvent.change(fileInput(), { target: { files: [new File(["x"], "a.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Por favor selecione um arquivo de imagem válido")).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(fileInput(), { target: { files: [big] } });
    expect(await screen.findByText("A imagem deve ter no máximo 5MB")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("sends a chosen image as a data URL and updates the session user (the menu's avatar)", async () => {
    const stored = "/uploads/fedcba9876543210fedcba9876543210.png";
    const calls = fakeApi({
      "PUT /api/user/photo": {
        body: { success: true, message: "Foto atualizada", user: { ...user, profile_picture_url: stored } },
      },
    });
    const client = renderField();
    fireEvent.change(fileInput(), {
      target: {
        files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "eu.png", { type: "image/png" })],
      },
    });
    expect(await screen.findByText("Foto atualizada")).toBeTruthy();
    expect((calls[0]!.body as { profile_picture_url: string }).profile_picture_url).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(client.getQueryData<SessionUser>(meQuery.queryKey)?.profile_picture_url).toBe(stored);
  });

  it("takes a URL (checked first) and removes the photo", async () => {
    const calls = fakeApi({
      "PUT /api/user/photo": ({ body }) => ({
        body: { success: true, message: "ok", user: { ...user, ...(body as object) } },
      }),
    });
    renderField();
    fireEvent.change(screen.getByLabelText("URL da foto"), { target: { value: "não é url" } });
    fireEvent.click(screen.getByRole("button", { name: "Usar URL" }));
    expect(await screen.findByText("Informe uma URL válida (http ou https)")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("URL da foto"), {
      target: { value: "https://cdn.exemplo.com/eu.jpg" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Usar URL" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ profile_picture_url: "https://cdn.exemplo.com/eu.jpg" });
    fireEvent.click(screen.getByRole("button", { name: "Remover foto" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ profile_picture_url: null });
  });
});
