import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptionPlans, transactions } from "../../../db/schema";
import { createUser } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { paymentRetentionFloor, purgeExpiredPayments } from "./payment-retention";

describe("payments of deleted accounts", () => {
  const ctx = setupTestApp();

  it("the floor is 1 January five years back: a 2026 payment may go on 1 January 2032, not before", () => {
    expect(paymentRetentionFloor(new Date("2031-12-31T23:00:00Z")).toISOString()).toBe(
      "2026-01-01T00:00:00.000Z",
    );
    expect(paymentRetentionFloor(new Date("2032-01-01T00:00:00Z")).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });

  it("deletes only anonymised payments past retention; a live account's old payment stays", async () => {
    const { db } = ctx.app;
    const user = await createUser(db);
    const [plan] = await db.select().from(subscriptionPlans).limit(1);
    const payment = (userId: number | null, createdAt: string) => ({
      userId,
      planId: plan!.id,
      planName: plan!.name,
      transactionType: "subscription" as const,
      amountCents: 1990,
      provider: "dev" as const,
      createdAt: new Date(createdAt),
    });
    const rows = await db
      .insert(transactions)
      .values([
        payment(null, "2026-12-31T12:00:00Z"),
        payment(null, "2027-01-02T12:00:00Z"),
        payment(user.id, "2020-05-01T12:00:00Z"),
      ])
      .returning({ id: transactions.id });

    expect(await purgeExpiredPayments(db, new Date("2032-01-01T03:00:00Z"))).toBe(1);
    const left = await Promise.all(
      rows.map(
        async ({ id }) => (await db.select().from(transactions).where(eq(transactions.id, id))).length,
      ),
    );
    expect(left).toEqual([0, 1, 1]);
  });
});
