import { BILLING_MESSAGES } from "@common/contract/billing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, paramsOf, type Reply } from "../../../../tests/web-fake-api";
import { PLANS } from "../../../../tests/web-plans";
import {
  makeCheckout,
  makeQuote,
  makeSubscription,
  renderAt,
  stubLocationAssign,
} from "./billing.test-helper";
import { PlanChangeButton } from "./plan-change-modal";
import { QUOTE_FAILED, quoteChargeText, quotePeriodText } from "./plan-quote-summary";

const NOW = new Date("2026-11-28T15:00:00.000Z");

beforeEach(() => {
  // Only the clock: "today" is 28/11/2026 in São Paulo.
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openModal(
  subscription = makeSubscription(),
  quote: Reply | (() => Reply) = { body: makeQuote() },
) {
  const calls = fakeApi({
    "GET /api/subscription-plans": { body: PLANS },
    "GET /api/subscriptions/quote": quote,
    "POST /api/subscriptions/create": {
      body: makeCheckout("https://mp.example/pay", { transaction_id: 9, transaction_type: "upgrade" }),
    },
  });
  renderAt(<PlanChangeButton subscription={subscription} />, "/subscription");
  fireEvent.click(screen.getByRole("button", { name: "Trocar de Plano" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Trocar de Plano" }));
  await dialog.findByRole("heading", { name: "Business" });
  const row = (name: string) => within(dialog.getByRole("heading", { name }).closest("li")!);
  return { calls, dialog, row };
}

describe("PlanChangeButton: the price before the checkout", () => {
  it("shows what an upgrade charges today, credit included, and for which period, then pays that amount", async () => {
    const assign = stubLocationAssign();
    const { calls, row } = await openModal();
    fireEvent.click(row("Business").getByRole("button", { name: "Selecionar Plano" }));
    expect(row("Business").getByRole("status").textContent).toBe("Calculando o valor...");

    const pay = await row("Business").findByRole("button", { name: "Pagar R$ 30,01" });
    const summary = row("Business");
    expect(
      summary.getByText((_, node) => node?.tagName === "P" && node.textContent?.startsWith("Hoje:") === true)
        .textContent,
    ).toBe("Hoje: R$ 30,01 (R$ 49,90 menos R$ 19,89 de crédito dos dias não usados do plano Pro)");
    expect(summary.getByText("Válido de 28/11/2026 a 28/12/2026")).toBeTruthy();
    const quoteCall = calls.find((c) => c.url.startsWith("/api/subscriptions/quote"))!;
    expect(Object.fromEntries(paramsOf(quoteCall))).toEqual({ plan_id: "3", interval_type: "monthly" });
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://mp.example/pay"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ plan_id: 3, interval_type: "monthly" });
    expect(summary.getByRole("button", { name: "Redirecionando..." })).toHaveProperty("disabled", true);
  });

  it("says a downgrade starts when the current period ends", async () => {
    const { row } = await openModal(
      makeSubscription({ plan: PLANS[2]!, expires_at: "2026-12-28T15:00:00.000Z" }),
      {
        body: makeQuote({
          plan_id: 2,
          transaction_type: "downgrade",
          list_price_cents: 1990,
          credit_cents: 0,
          amount_cents: 1990,
          starts_at: "2026-12-28T15:00:00.000Z",
          ends_at: "2027-01-28T15:00:00.000Z",
        }),
      },
    );
    fireEvent.click(row("Pro").getByRole("button", { name: "Selecionar Plano" }));
    expect(await row("Pro").findByRole("button", { name: "Pagar R$ 19,90" })).toBeTruthy();
    expect(row("Pro").getByText("R$ 19,90", { selector: "strong" })).toBeTruthy();
    expect(
      row("Pro").getByText("Começa em 28/12/2026, quando o período atual termina, e vale até 28/01/2027"),
    ).toBeTruthy();
  });

  it("asks again for the other interval", async () => {
    const { calls, dialog, row } = await openModal();
    fireEvent.click(row("Business").getByRole("button", { name: "Selecionar Plano" }));
    await row("Business").findByRole("button", { name: /^Pagar/ });
    fireEvent.click(dialog.getByRole("button", { name: /Anual/ }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.startsWith("/api/subscriptions/quote"))
          .map((c) => paramsOf(c).get("interval_type")),
      ).toEqual(["monthly", "yearly"]),
    );
  });

  it("shows the server's reason, or a generic one, with no pay button; Voltar gives the focus back", async () => {
    let reply: Reply = { status: 409, body: { error: BILLING_MESSAGES.changeAlreadyScheduled } };
    const { calls, row } = await openModal(makeSubscription({ plan: PLANS[2]! }), () => reply);
    const select = row("Pro").getByRole("button", { name: "Selecionar Plano" });
    fireEvent.click(select);
    expect((await row("Pro").findByRole("alert")).textContent).toBe(BILLING_MESSAGES.changeAlreadyScheduled);
    expect(row("Pro").queryByRole("button", { name: /^Pagar/ })).toBeNull();

    reply = { status: 500, body: {} };
    fireEvent.click(row("Pro").getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(row("Pro").getByRole("alert").textContent).toBe(QUOTE_FAILED));

    fireEvent.click(row("Pro").getByRole("button", { name: "Voltar" }));
    const again = row("Pro").getByRole("button", { name: "Selecionar Plano" });
    expect(document.activeElement).toBe(again);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});

describe("the quote in words", () => {
  it("says the smallest charge when the credit is worth more than the price", () => {
    expect(
      quoteChargeText(
        makeQuote({ list_price_cents: 1990, credit_cents: 2500, amount_cents: 100 }),
        "Business",
      ),
    ).toEqual({
      amount: "R$ 1,00",
      detail:
        "valor mínimo: o crédito de R$ 25,00 dos dias não usados do plano Business alonga o novo período",
    });
    expect(quoteChargeText(makeQuote({ credit_cents: 0, amount_cents: 4990 }), "Gratuito")).toEqual({
      amount: "R$ 49,90",
    });
  });

  it("reads a renewal that starts after today as starting later", () => {
    const renewal = makeQuote({
      transaction_type: "subscription",
      starts_at: "2026-12-01T15:00:00.000Z",
      ends_at: "2027-01-01T15:00:00.000Z",
    });
    expect(quotePeriodText(renewal, NOW)).toBe(
      "Começa em 01/12/2026, quando o período atual termina, e vale até 01/01/2027",
    );
    expect(quotePeriodText(makeQuote(), NOW)).toBe("Válido de 28/11/2026 a 28/12/2026");
  });
});
