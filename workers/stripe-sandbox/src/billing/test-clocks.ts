/**
 * Stripe's test clocks (https://docs.stripe.com/billing/testing/test-clocks): a clock frozen at a time,
 * customers created on it, and `advance` moving it forward so Billing does what comes due (renewals,
 * retries) for those customers. The real-Stripe suite (test/payment-suite) renews subscriptions with
 * them; against the sandbox the same calls work, with one difference the sandbox cannot avoid: it has
 * one clock (clock.ts), so a test clock must start at the sandbox's time and advancing it moves every
 * object's time, not only its customers'. A clock is `advancing` when `advance` answers and `ready`
 * from the next call on, by which time the sandbox has done what came due (sandbox-app.ts runs that
 * before every call). Deleting a clock deletes it only; Stripe also deletes its customers.
 */
import type Stripe from "stripe";
import { advanceClock } from "../store/clock";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest, resourceMissing } from "../http/errors";
import { ID_PREFIX, newId } from "../store/ids";

export type TestClock = Stripe.TestHelpers.TestClock;

/** Stripe deletes a test clock 30 days after it was created. */
const CLOCK_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** How far from the sandbox's time a new clock may start: the time a request takes to arrive. */
const START_TOLERANCE_SECONDS = 5 * 60;

export function createTestClock(call: SandboxCall, frozenTime: number, name: string | null): TestClock {
  if (Math.abs(frozenTime - call.now) > START_TOLERANCE_SECONDS) {
    throw invalidRequest(
      `The Stripe sandbox has one clock for every object: a test clock starts at its time (${call.now}, within ${START_TOLERANCE_SECONDS} seconds), not at ${frozenTime}.`,
      { param: "frozen_time" },
    );
  }
  const clock: TestClock = {
    id: newId(ID_PREFIX.test_clock),
    object: "test_helpers.test_clock",
    created: call.now,
    deletes_after: call.now + CLOCK_LIFETIME_SECONDS,
    frozen_time: frozenTime,
    livemode: false,
    name,
    status: "ready",
    status_details: {},
  };
  call.store.put(clock);
  return clock;
}

/** A clock that exists (not deleted), or Stripe's resource_missing. */
export async function loadTestClock(call: SandboxCall, id: string, param = "id"): Promise<TestClock> {
  const found = await call.store.get<TestClock | Stripe.TestHelpers.DeletedTestClock>(id, "test_helpers.test_clock");
  if (!found || found.deleted) throw resourceMissing("test_clock", id, param);
  return found;
}

/** A clock as Stripe shows it now: an advance the sandbox has carried out is `ready`. */
export const settledClock = (clock: TestClock): TestClock => ({ ...clock, status: "ready", status_details: {} });

/** Moves the clock (and the sandbox's one clock with it) to `frozenTime`; answers it `advancing`. */
export async function advanceTestClock(call: SandboxCall, clock: TestClock, frozenTime: number): Promise<TestClock> {
  if (frozenTime <= clock.frozen_time) throw invalidRequest("The frozen_time must be after the test clock's current frozen_time.", { param: "frozen_time" });
  const ahead = frozenTime - call.now;
  if (ahead > 0) await advanceClock(call.env.DB, ahead);
  const advancing: TestClock = { ...clock, frozen_time: frozenTime, status: "advancing", status_details: { advancing: { target_frozen_time: frozenTime } } };
  call.store.put(settledClock(advancing));
  return advancing;
}
