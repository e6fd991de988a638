/**
 * The attacker's suite: the tablet provider's signed calls (HMAC over the body or the request line;
 * any enrolled provider naming itself in X-JPlay-Provider, or only the primary one). Built-in names as
 * provider ids signed with their public text, wrong and empty keys, altered and malformed signatures,
 * captures replayed after their five minutes, another provider on a primary-only route, odd ids
 * with a valid signature, malformed and oversized bodies: refused, nothing written (attack-route.ts).
 * A capture replayed within its five minutes is a retry to signature v1 and writes nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attackEveryRouteOf, build } from "./attack-route";
import { REFUSALS, send, storedUnchangedBy } from "./attack-support";
import { listener, quietWorld, type World } from "./attack-world";
import { IDENTITIES } from "./identities";
import { routesOf } from "./route-cases";

const world: World = {};
let release: (() => Promise<void>) | undefined;
beforeAll(async () => {
  world.listener = await listener();
  release = await quietWorld();
}, 60_000);
afterAll(() => release?.());

describe("routes signed by the tablet provider", () => {
  attackEveryRouteOf("provider-signed", world);
});

/**
 * Signature v1 cannot tell a capture sent again within its five minutes from the provider's own
 * retry: what such a replay may do is what a retry may do — write nothing more. A redemption is the
 * one call a retry repeats by design (one more redemption row, within the per-receipt and
 * per-listener limits, schema/src/receipts.ts), until a signature that refuses replays replaces v1;
 * then this list is emptied and every replay must be refused.
 */
const REPLAY_WRITES_UNDER_SIGNATURE_V1 = new Set(["POST /api/provider/redeem"]);

describe("a provider's signed call captured and sent again within its five minutes", () => {
  for (const { route, case: routeCase } of routesOf("provider-signed").filter(({ route }) => !REPLAY_WRITES_UNDER_SIGNATURE_V1.has(route.key))) {
    it(`${route.key}: the replay writes nothing`, async () => {
      const captured = await IDENTITIES["provider-signed"].rightful(build(route, routeCase, world), world);
      expect((await send(captured)).status).toBe(200);
      await storedUnchangedBy(async () => {
        const replayed = await send(captured);
        expect({ status: replayed.status, writes: replayed.writes }).toEqual({ status: expect.toBeOneOf([200, ...REFUSALS]), writes: [] });
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
      expect({ status: answer.status, writes: answer.writes, body: JSON.parse(answer.text) as unknown }).toEqual({
        status: 200,
        writes: [],
        body: { redeemed: 0, refused: 1, results: [expect.objectContaining({ status: "refused", code: "invalid_receipt" })] },
      });
    });
  });
});
