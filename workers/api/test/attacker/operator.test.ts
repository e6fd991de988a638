/**
 * The attacker's suite: the admin API, for a signed-in operator only — Cloudflare Access in
 * production, the local password's session as its stand-in. Without Access: no cookie, odd values,
 * values signed with the admin cookie's own secret that no session has, a wrong key, a signed-out
 * operator's cookie, an artist's session, an Access JWT where Access is not configured. With Access:
 * no JWT, odd ones, another application's or team's, expired, signed by a stranger's key under the
 * team key's id, `alg: none`, HS256 keyed with the team's public key, the password's session. The
 * operator's own cookie from another origin, or none, on a change. Odd ids and bad bodies from the
 * operator: refused, nothing written (attack-route.ts).
 */
import { afterAll, beforeAll, describe } from "vitest";
import { attackEveryRouteOf } from "./attack-route";
import { artists, listener, operator, quietWorld, type World } from "./attack-world";

const world: World = {};
let release: (() => Promise<void>) | undefined;
beforeAll(async () => {
  world.operator = await operator();
  world.artists = await artists();
  world.listener = await listener();
  release = await quietWorld();
}, 120_000);
afterAll(() => release?.());

describe("routes for a signed-in operator", () => {
  attackEveryRouteOf("operator", world);
});
