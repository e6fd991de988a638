/**
 * The cron's reconciliation with Stripe (DELIVERY_CRON in run-scheduled.ts): what webhooks and lost
 * answers left out is found by asking Stripe (docs/decisions/022-finding-out-what-happened-at-stripe.md).
 * Platform events the endpoint never took, `account.updated` on connected accounts still waiting to
 * be payable, payments left `processing`, and refunds whose job was lost (docs/decisions/025), each
 * pass bounded per run. A pass that fails is logged
 * and the others still run; so do the schedule's other tasks.
 */
import type { Ctx } from "../../platform/context";
import { paymentsProvider } from "../../platform/stripe-client";
import { requeueLostRefunds } from "../../refunds/index";
import { applyMissedConnectEvents, applyMissedPlatformEvents, retryUnappliedEvents } from "../webhooks/missed-stripe-events";
import { settleProcessingPayments } from "../webhooks/settle-processing-payments";
import { loggableError } from "../../platform/loggable-error";

export async function reconcileStripeTask(ctx: Ctx, scheduledTime: Date): Promise<void> {
  // Without a way to reach Stripe there is nothing to ask (production without a key refuses payments).
  if (paymentsProvider(ctx.env).kind === "unavailable") return;
  const passes = {
    "unapplied-events": () => retryUnappliedEvents(ctx),
    "platform-events": () => applyMissedPlatformEvents(ctx, Math.floor(scheduledTime.getTime() / 1000)),
    "connect-events": () => applyMissedConnectEvents(ctx),
    "processing-payments": () => settleProcessingPayments(ctx, scheduledTime.getTime()),
    "lost-refunds": () => requeueLostRefunds(ctx, scheduledTime.getTime()),
  };
  for (const [pass, run] of Object.entries(passes)) {
    try {
      const report = await run();
      console.log(JSON.stringify({ level: "info", task: "stripe.reconcile", pass, ...report }));
    } catch (error) {
      console.error(JSON.stringify({ level: "error", task: "stripe.reconcile", pass, ...loggableError(error) }));
    }
  }
}
