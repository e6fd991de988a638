/**
 * The attacker's suite: the tablet provider's signed calls (signature v2 over the method, path,
 * provider and body; any enrolled provider naming itself in X-JPlay-Provider, or only the primary
 * one). Built-in names as provider ids signed with their public text, wrong and empty keys, altered
 * and malformed signatures, signatures for another route, method or provider, signature v1, captures
 * replayed after their five minutes, another provider on a primary-only route or on a listener the
 * primary holds, odd ids with a valid signature, malformed and oversized bodies: refused, nothing
 * written (attack-route.ts).
 * A POST captured and replayed within its five minutes is refused too.
 */
import { describe, expect, it } from "vitest";
import { attackEveryRouteOf, build } from "./attack-route";
import { REFUSALS, send, storedUnchangedBy } from "./attack-support";
import { listenerWorld } from "./attack-world";
import { IDENTITIES } from "./identities";
import { routesOf } from "./route-cases";

const world = listenerWorld();

describe("routes signed by the tablet provider", () => {
  attackEveryRouteOf("provider-signed", world);
});

/**
 * A capture sent again within its five minutes: a signed POST is accepted once (signature v2,
 * provider/signature-replay.ts), so its replay is refused; a GET's replay reads again and writes nothing.
 */
describe("a provider's signed call captured and sent again within its five minutes", () => {
  for (const { route, case: routeCase } of routesOf("provider-signed")) {
    it(`${route.key}: the replay ${route.method === "GET" ? "writes nothing" : "is refused, nothing written"}`, async () => {
      const captured = await IDENTITIES["provider-signed"].rightful(build(route, routeCase, world), world);
      expect((await send(captured)).status).toBeLessThan(500);
      await storedUnchangedBy(async () => {
        const replayed = await send(captured);
        expect({ status: replayed.status, writes: replayed.writes }).toEqual({
          status: route.method === "GET" ? expect.toBeOneOf([200, ...REFUSALS]) : 401,
          writes: [],
        });
      });
    });
  }
});

describe("another listener's receipt", () => {
  it("POST /api/provider/redeem: a receipt redeemed for another listener JPlay knows is refused in its result, nothing redeemed", async () => {
    const route = routesOf("provider-signed").find(({ route: candidate }) => candidate.key === "POST /api/provider/redeem")!;
    const built = build(route.route, route.case, world);
    const otherListeners = { ...built, body: JSON.stringify({ listenerId: world.listener!.otherListenerId, receipts: [world.listener!.receipt] }) };
    await storedUnchangedBy(async () => {
      const answer = await send(await IDENTITIES["provider-signed"].rightful(otherListeners, world));
      const writes = answer.writes.filter((write) => !IDENTITIES["provider-signed"].authenticatedWrites!.test(write));
      expect({ status: answer.status, writes, body: JSON.parse(answer.text) as unknown }).toEqual({
        status: 200,
        writes: [],
        body: { redeemed: 0, refused: 1, results: [expect.objectContaining({ status: "refused", code: "invalid_receipt" })] },
      });
    });
  });
});
