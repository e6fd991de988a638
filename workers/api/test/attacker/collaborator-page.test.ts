/**
 * The attacker's suite: a collaborator's page (docs/splits.md, Accepting), opened by its link's token
 * in the path or, at `/api/collaborator/link/…`, by the token its cookie keeps. Odd tokens, a
 * well-formed token no link has, a revoked or expired link, the token in other letter case, an
 * artist's link cookie, the kept link's path with no cookie or an odd one, a change sent from another
 * site: 404 "Link not found" or another refusal, nothing written (attack-route.ts).
 */
import { afterAll, beforeAll, describe } from "vitest";
import { attackEveryRouteOf } from "./attack-route";
import { collaborators, quietWorld, type World } from "./attack-world";

const world: World = {};
let release: (() => Promise<void>) | undefined;
beforeAll(async () => {
  world.collaborators = await collaborators();
  release = await quietWorld();
}, 120_000);
afterAll(() => release?.());

describe("routes opened by a collaborator's page token", () => {
  attackEveryRouteOf("collaborator-page", world);
});

describe("the same routes as the page at /collaborator calls them: /api/collaborator/link/…, the token in its cookie", () => {
  attackEveryRouteOf("collaborator-page", world, (route) => ({
    ...route,
    path: route.path.replace(":token", "link"),
    key: `${route.method} ${route.path.replace(":token", "link")}`,
  }));
});
