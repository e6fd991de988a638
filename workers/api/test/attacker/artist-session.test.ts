/**
 * The attacker's suite: the artist's calls from the browser holding their session cookie. No
 * cookie, odd values, values signed with the session secret that no session has, the victim's token
 * signed with a wrong key, an ended session, a session no card was saved in, the victim's page token
 * or an operator's cookie as a session; another artist's own session on the victim's song or Stripe
 * customer; odd song ids; malformed and oversized bodies: refused, nothing written (attack-route.ts).
 */
import { afterAll, beforeAll, describe } from "vitest";
import { attackEveryRouteOf } from "./attack-route";
import { artists, operator, quietWorld, type World } from "./attack-world";

const world: World = {};
let release: (() => Promise<void>) | undefined;
beforeAll(async () => {
  world.artists = await artists();
  world.operator = await operator();
  release = await quietWorld();
}, 120_000);
afterAll(() => release?.());

describe("routes for the artist's browser session", () => {
  attackEveryRouteOf("artist-session", world);
});
