import type { ScheduledJob } from "../../lib/job-scheduler";
import { type LeadMailApp, leadDigestJob } from "./lead-mails";
import type { NotifyApp } from "./notify";
import { subscriptionEndingJob } from "./subscription-ending";

/** The scheduled jobs of notifications (app.ts lists them with the others'). */
export const notificationJobs = (app: LeadMailApp & NotifyApp): ScheduledJob[] => [
  leadDigestJob(app),
  subscriptionEndingJob(app),
];
