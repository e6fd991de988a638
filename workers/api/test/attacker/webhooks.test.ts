/**
 * The attacker's suite: Stripe's and Twilio's webhooks, each signed by its sender. No signature, odd
 * ones, a wrong secret, the other Stripe endpoint's secret, a capture replayed after Stripe's five
 * minutes, an event or sender altered after signing, a v0 signature, a signature for another
 * address: refused, nothing written (attack-route.ts). A capture replayed within its five minutes is
 * applied once: the second answers as a duplicate and writes nothing. A body the secret signed that
 * is no event object is refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackEveryRouteOf, build } from "./attack-route";
import { send, settled, storedUnchangedBy } from "./attack-support";
import type { World } from "./attack-world";
import { IDENTITIES } from "./identities";
import { routesOf } from "./route-cases";

const world: World = {};
// What an earlier file left running in this runtime finishes before rows are counted.
beforeAll(() => settled(2_500), 30_000);

describe("Stripe's webhooks", () => {
  attackEveryRouteOf("stripe-signed", world);

  for (const { route, case: routeCase } of routesOf("stripe-signed")) {
    it(`${route.key}: an event captured and sent again within its five minutes is a duplicate, nothing written`, async () => {
      const captured = await IDENTITIES["stripe-signed"].rightful(build(route, routeCase, world), world);
      expect((await send(captured)).status).toBe(200);
      await storedUnchangedBy(async () => {
        const replayed = await send(captured);
        expect({ status: replayed.status, body: JSON.parse(replayed.text) as unknown, writes: replayed.writes }).toEqual({
          status: 200,
          body: { received: true, duplicate: true },
          writes: [],
        });
      });
    });
  }
});

describe("a body signed with a webhook's own secret that is no event", () => {
  // Stripe's SDK parses whatever JSON was signed; `null` was dereferenced as an event (a 500).
  for (const { route, case: routeCase } of routesOf("stripe-signed")) {
    it(`${route.key}: null, an array, a number, a string or a boolean is refused (400), nothing written`, async () => {
      const built = build(route, routeCase, world);
      await storedUnchangedBy(async () => {
        for (const body of ["null", "[]", "0", '"text"', "true"]) {
          const answer = await send(await IDENTITIES["stripe-signed"].rightful({ ...built, body }, world));
          expect({ body, status: answer.status, writes: answer.writes }).toEqual({ body, status: 400, writes: [] });
        }
      });
    });
  }
});

describe("Twilio's webhook", () => {
  attackEveryRouteOf("twilio-signed", world);

  for (const { route, case: routeCase } of routesOf("twilio-signed")) {
    it(`${route.key}: a STOP captured and sent again changes nothing`, async () => {
      const captured = await IDENTITIES["twilio-signed"].rightful(build(route, routeCase, world), world);
      expect((await send(captured)).status).toBe(200);
      await storedUnchangedBy(async () => {
        const replayed = await send(captured);
        expect({ status: replayed.status, writes: replayed.writes }).toEqual({ status: 200, writes: [] });
      });
    });
  }
});
