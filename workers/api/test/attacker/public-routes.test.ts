/**
 * The attacker's suite: the routes that need no identity (route-cases.ts lists each with its reason)
 * still answer odd input as an attacker sends it — built-in names, empty, very long, unicode and path
 * tricks in every path parameter and wildcard — with a 2xx, 3xx or 4xx, never a 5xx, and a read
 * writes nothing (attack-support.ts records every D1 and R2 write and queued job).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { oddId, pathSegment, propertyOptions, send } from "./attack-support";
import { appRoutes, classify } from "./route-cases";

/** Public routes whose reads reach something outside the product (the Stripe sandbox), or whose answer is the sign-in's count of a wrong password. */
const NOT_READS = new Set(["ALL /api/stripe-sandbox/*", "POST /api/admin/session", "POST /api/create-setup-intent", "DELETE /api/admin/session"]);

const publicRoutes = appRoutes().filter((route) => "public" in classify(route) && !NOT_READS.has(route.key));

/** The route's path with each parameter and wildcard replaced by `value`. */
const pathWith = (path: string, value: string) => path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, pathSegment(value)).replace(/\*$/, pathSegment(value));

describe("public routes answer odd input without a server error and write nothing", () => {
  it("finds the public routes in the app", () => expect(publicRoutes.length).toBeGreaterThan(20));

  for (const route of publicRoutes) {
    const method = route.method === "ALL" ? "GET" : route.method;
    const hasPlaces = /[:*]/.test(route.path);
    it(`${route.key}: odd parameters answered below 500, nothing written`, async () => {
      await fc.assert(
        fc.asyncProperty(hasPlaces ? oddId : fc.constant(""), async (value) => {
          const answer = await send({ method, path: hasPlaces ? pathWith(route.path, value) : route.path });
          const seen = {
            route: route.key,
            value: value.slice(0, 40),
            serverError: answer.status >= 500,
            writes: answer.writes,
            status: answer.status,
            answer: answer.text.slice(0, 200),
          };
          expect(seen).toEqual({ ...seen, serverError: false, writes: [] });
        }),
        propertyOptions(hasPlaces ? 8 : 1),
      );
    });
  }
});
