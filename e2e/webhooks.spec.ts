import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { registerViaApi } from "./accounts";

// Outgoing webhooks: added on /profile, the secret seen once, a link created through the
// API reaches a receiver on loopback signed with it, and the delivery log shows what happened.

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

test("a user adds a webhook, a new link reaches the receiver signed, and the log shows each delivery", async ({
  page,
  baseURL,
}, testInfo) => {
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body });
      response.writeHead(request.url === "/quebrado" ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  try {
    // Webhooks wait for a proven address (e2e/api-keys.spec.ts walks the notice).
    await registerViaApi(page, baseURL!, "hooks", "Rui", { lastName: "Souza", verified: true });
    await page.goto("/profile");
    const card = page.getByRole("region", { name: "Webhooks" });
    await expect(card.getByText("Nenhum webhook cadastrado.")).toBeVisible();

    await card.getByLabel("URL do webhook").fill(`${origin}/recebe`);
    await card.getByRole("button", { name: "Adicionar webhook" }).click();
    const shown = card.getByLabel("Segredo do webhook");
    await expect(shown).toBeVisible();
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await card.getByRole("button", { name: "Já copiei" }).click();

    // A second one whose receiver answers 500: its delivery stays pending, to be retried.
    await card.getByLabel("URL do webhook").fill(`${origin}/quebrado`);
    await card.getByRole("checkbox", { name: /^Cliques/ }).uncheck();
    await card.getByRole("button", { name: "Adicionar webhook" }).click();
    await card.getByRole("button", { name: "Já copiei" }).click();

    const created = await page.request.post("/api/shortened-urls", {
      data: { original_url: "https://exemplo.com.br/lancamento", title: "Lançamento" },
    });
    expect(created.status()).toBe(201);
    await expect.poll(() => received.filter((r) => r.path === "/recebe").length).toBe(1);
    const hit = received.find((r) => r.path === "/recebe")!;
    const timestamp = String(hit.headers["x-atalho-timestamp"]);
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${hit.body}`).digest("hex")}`;
    expect(hit.headers["x-atalho-signature"]).toBe(expected);
    expect(JSON.parse(hit.body)).toMatchObject({
      event: "link.created",
      data: { link: { title: "Lançamento" } },
    });

    await card.getByRole("button", { name: `Enviar teste para ${origin}/recebe` }).click();
    await expect.poll(() => received.filter((r) => r.path === "/recebe").length).toBe(2);
    const log = card.getByRole("list", { name: `Entregas de ${origin}/recebe` });
    await expect(log.getByText("Entregue")).toHaveCount(2);
    await expect(log.getByText("Teste")).toBeVisible();

    await card.getByRole("button", { name: `Ver entregas de ${origin}/quebrado` }).click();
    const failing = card.getByRole("list", { name: `Entregas de ${origin}/quebrado` });
    await expect(failing.getByText("Pendente")).toBeVisible();
    await expect(failing.getByText(/HTTP 500/).first()).toBeVisible();

    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await card.screenshot({ path: testInfo.outputPath(`webhooks-${width}.png`) });
    }
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
