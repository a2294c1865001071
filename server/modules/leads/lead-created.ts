import type { FastifyInstance } from "fastify";
import type { leads } from "../../../db/schema";

/** A contact a page's form just received (a new one, not a merged repeat). */
export type LeadCreated = {
  lead: typeof leads.$inferSelect;
  page: { id: number; title: string; slug: string };
  /** Past the plan's contacts this month: kept, hidden until an upgrade or the next month. */
  overLimit: boolean;
};

type Listener = (event: LeadCreated) => void | Promise<void>;

// NOTE: by the app's HTTP server, not the instance: each registered plugin gets an instance of its
// own (encapsulation), so the form's routes and the listeners' modules never hold the same one.
const listenersOf = new WeakMap<object, Listener[]>();

/**
 * Who hears of a new lead: the outgoing webhooks (`lead.created`), the owner's push notifications
 * and e-mail. Each registers here when its module starts, so the form's route knows none of them.
 */
export function onLeadCreated(app: FastifyInstance, listener: Listener): void {
  const listeners = listenersOf.get(app.server) ?? [];
  listeners.push(listener);
  listenersOf.set(app.server, listeners);
}

/** Tells every listener, after the visitor's answer; one failing never stops the others. */
export function leadCreated(app: FastifyInstance, event: LeadCreated): void {
  for (const listener of listenersOf.get(app.server) ?? []) {
    Promise.resolve()
      .then(() => listener(event))
      .catch((error) => app.log.error({ err: error, leadId: event.lead.id }, "a new lead's listener failed"));
  }
}
