/**
 * The attacker's suite: the artist's private page, opened by its link's token in the path or, at
 * `/api/artist/link/…`, by the token its cookie keeps. Odd tokens, a well-formed token no link has,
 * a revoked or expired link, the token in other letter case, the kept link's path with no cookie or
 * an odd one, another artist's own link on the victim's session; malformed and oversized bodies:
 * 404 "Link not found" or another refusal, nothing written (attack-route.ts). Every route is attacked
 * twice: with the token in its path, and at `/api/artist/link/…` with the token in the cookie.
 */
import { afterAll, beforeAll, describe } from "vitest";
import { attackEveryRouteOf } from "./attack-route";
import { artists, quietWorld, type World } from "./attack-world";

const world: World = {};
let release: (() => Promise<void>) | undefined;
beforeAll(async () => {
  world.artists = await artists();
  release = await quietWorld();
}, 120_000);
afterAll(() => release?.());

describe("routes opened by the artist's page token", () => {
  attackEveryRouteOf("artist-page", world);
});

describe("the same routes as the page at /artist calls them: /api/artist/link/…, the token in its cookie", () => {
  attackEveryRouteOf("artist-page", world, (route) => ({
    ...route,
    path: route.path.replace(":token", "link"),
    key: `${route.method} ${route.path.replace(":token", "link")}`,
  }));
});
