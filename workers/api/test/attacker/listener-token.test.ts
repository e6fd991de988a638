/**
 * The attacker's suite: the tablet app's Library, opened by a listener token an enrolled provider
 * signed. No token, odd ones, built-in names as the provider signed with their public text, wrong
 * keys, another listener's id under a kept signature, expired or too long-lived tokens: 401, nothing
 * written (attack-route.ts).
 */
import { afterAll, beforeAll, describe } from "vitest";
import { attackEveryRouteOf } from "./attack-route";
import { listener, quietWorld, type World } from "./attack-world";

const world: World = {};
let release: (() => Promise<void>) | undefined;
beforeAll(async () => {
  world.listener = await listener();
  release = await quietWorld();
}, 60_000);
afterAll(() => release?.());

describe("routes opened by a listener token", () => {
  attackEveryRouteOf("listener-token", world);
});
