import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import type { NotifyApp } from "../notifications/notify";
import type { PaymentProvider } from "./payment-provider";

/** What the billing rules need of the app (a FastifyInstance has all of it). */
export type BillingApp = {
  db: Db;
  /** Tells every process's PlanCache that a user's subscription changed. */
  bus: InvalidationBus;
  payments: PaymentProvider | null;
  config: { publicUrl: string } & NotifyApp["config"];
  log: FastifyBaseLogger;
};
