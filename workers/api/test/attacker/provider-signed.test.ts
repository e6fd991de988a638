/**
 * The attacker's suite: the tablet provider's signed calls (HMAC over the body or the request line;
 * any enrolled provider naming itself in X-JPlay-Provider, or only the primary one). Built-in names as
 * provider ids signed with their public text, wrong and empty keys, altered and malformed signatures,
 * captures replayed after their five minutes, another provider on a primary-only route, odd ids
 * with a valid signature, malformed and oversized bodies: refused, nothing written (attack-route.ts).
 * A capture replayed within its five minutes is a retry to signature v1 and changes nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attackEveryRouteOf, build } from "./attack-route";
import { send, storedUnchangedBy } from "./attack-support";
import { listener, quietWorld, type World } from "./attack-world";
import { IDENTITIES } from "./identities";
import { appRoutes, ROUTES, type RouteCase } from "./route-cases";

const world: World = {};
let release: () => Promise<void>;
beforeAll(async () => {
  world.listener = await listener();
  release = await quietWorld();
}, 60_000);
afterAll(() => release());

describe("routes signed by the tablet provider", () => {
  attackEveryRouteOf("provider-signed", world);
});

describe("a provider's signed call captured and sent again within its five minutes", () => {
  // Signature v1 cannot tell a replay from the provider's own retry: what it writes, it writes once.
  for (const key of ["POST /api/provider/purchases", "POST /api/provider/download-failures"]) {
    it(`${key}: the replay writes nothing`, async () => {
      const route = appRoutes().find((candidate) => candidate.key === key)!;
      const captured = await IDENTITIES["provider-signed"].rightful(build(route, ROUTES[key] as RouteCase, world), world);
      expect((await send(captured)).status).toBe(200);
      await storedUnchangedBy(async () => {
        const replayed = await send(captured);
        expect({ status: replayed.status, writes: replayed.writes }).toEqual({ status: 200, writes: [] });
      });
    });
  }
});
