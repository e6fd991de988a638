/**
 * The attacker's suite: the media and download links JPlay signs for the provider
 * (`?expires&signature`). No signature, altered or malformed ones, a wrong key, an expired link or
 * one whose expiry was moved, a link signed for another song or receipt, for the other file, as the
 * other kind of link, or with the provider's request key: 403, nothing written; a valid link for an
 * id nothing has: 404 (attack-route.ts).
 */
import { describe } from "vitest";
import { attackEveryRouteOf } from "./attack-route";
import { listenerWorld } from "./attack-world";

const world = listenerWorld();

describe("links JPlay signed for the provider", () => {
  attackEveryRouteOf("provider-link", world);
});
