/**
 * /v1/test_helpers/test_clocks: create, retrieve, list, advance and delete Stripe's test clocks, and
 * what they do here (test-clocks.ts). https://docs.stripe.com/api/test_clocks
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { endpoint } from "../http/context";
import { parameterMissing } from "../http/errors";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";
import { type TestClock, advanceTestClock, createTestClock, loadTestClock, settledClock } from "../billing/test-clocks";

const CREATE_PARAMS = ["frozen_time", "name", "expand"] as const satisfies readonly (keyof Stripe.TestHelpers.TestClockCreateParams)[];
const ADVANCE_PARAMS = ["frozen_time", "expand"] as const satisfies readonly (keyof Stripe.TestHelpers.TestClockAdvanceParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.TestHelpers.TestClockRetrieveParams)[];
const LIST_PARAMS = ["limit", "starting_after", "ending_before", "expand"] as const satisfies readonly (keyof Stripe.TestHelpers.TestClockListParams)[];

const OBJECT = "test_helpers.test_clock";

export const testClockRoutes = new Hono<AppEnv>()
  .post(
    "/v1/test_helpers/test_clocks",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(CREATE_PARAMS);
      const frozenTime = p.integer("frozen_time");
      if (frozenTime === undefined) throw parameterMissing("frozen_time");
      return createTestClock(call, frozenTime, p.string("name") ?? null);
    }),
  )
  .get(
    "/v1/test_helpers/test_clocks",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const page = await call.store.list<TestClock | Stripe.TestHelpers.DeletedTestClock>(OBJECT, {}, readPage(call.params));
      const live = page.data.filter((clock): clock is TestClock => !clock.deleted);
      return listObject("/v1/test_helpers/test_clocks", { ...page, data: live.map(settledClock) });
    }),
  )
  .get(
    "/v1/test_helpers/test_clocks/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return settledClock(await loadTestClock(call, call.pathParam("id")));
    }),
  )
  .post(
    "/v1/test_helpers/test_clocks/:id/advance",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(ADVANCE_PARAMS);
      const frozenTime = p.integer("frozen_time");
      if (frozenTime === undefined) throw parameterMissing("frozen_time");
      await call.store.lock(call.pathParam("id"));
      return advanceTestClock(call, await loadTestClock(call, call.pathParam("id")), frozenTime);
    }),
  )
  .delete(
    "/v1/test_helpers/test_clocks/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly([]);
      const clock = await loadTestClock(call, call.pathParam("id"));
      const deleted: Stripe.TestHelpers.DeletedTestClock = { id: clock.id, object: OBJECT, deleted: true };
      call.store.put({ ...deleted });
      return deleted;
    }),
  );
