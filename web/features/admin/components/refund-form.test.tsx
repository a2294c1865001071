import { BILLING_MESSAGES } from "@common/contract/billing";
import { CONNECTION_ERROR } from "@common/contract/errors";
import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import { refundErrorMessage } from "./refund-form";

const answered = (status: number, body: Record<string, unknown> | null) =>
  new ApiError(status, String(body?.error ?? ""), body);

describe("refundErrorMessage", () => {
  it("puts the prefix once before the server's reason", () => {
    expect(refundErrorMessage(answered(502, { error: BILLING_MESSAGES.refundRefused }))).toBe(
      `Erro ao processar estorno: ${BILLING_MESSAGES.refundRefused}`,
    );
    expect(
      refundErrorMessage(
        answered(502, { error: `Erro ao processar estorno: ${BILLING_MESSAGES.refundRefused}` }),
      ),
    ).toBe(`Erro ao processar estorno: ${BILLING_MESSAGES.refundRefused}`);
  });

  it("says 'Erro desconhecido' when the server gave no reason", () => {
    expect(refundErrorMessage(answered(500, {}))).toBe("Erro ao processar estorno: Erro desconhecido");
    expect(refundErrorMessage(answered(500, { error: "  " }))).toBe(
      "Erro ao processar estorno: Erro desconhecido",
    );
    expect(refundErrorMessage(answered(500, null))).toBe("Erro ao processar estorno: Erro desconhecido");
    expect(refundErrorMessage(new Error("boom"))).toBe("Erro ao processar estorno: Erro desconhecido");
  });

  it("has its own text when the request never reached the server", () => {
    expect(refundErrorMessage(new ApiError(0, CONNECTION_ERROR, null))).toBe(
      BILLING_MESSAGES.refundConnection,
    );
  });
});
