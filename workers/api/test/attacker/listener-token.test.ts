/**
 * The attacker's suite: the tablet app's Library, opened by a listener token an enrolled provider
 * signed. No token, odd ones, built-in names as the provider signed with their public text, wrong
 * keys, another listener's id under a kept signature, expired or too long-lived tokens: 401, nothing
 * written (attack-route.ts).
 */
import { describe } from "vitest";
import { attackEveryRouteOf } from "./attack-route";
import { listenerWorld } from "./attack-world";

const world = listenerWorld();

describe("routes opened by a listener token", () => {
  attackEveryRouteOf("listener-token", world);
});
