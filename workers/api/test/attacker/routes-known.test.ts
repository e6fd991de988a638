/**
 * The attacker's suite knows every route the Worker answers (docs/decisions/091-the-attackers-suite.md):
 * the routes are read from the Hono app itself, and each must have an identity kind — so its attacks
 * run in this folder's test of that kind — or be listed as public with the reason it needs none. A new
 * route without a case fails here, with a message saying where to add one; so does a case whose route
 * is gone.
 */
import { describe, expect, it } from "vitest";
import { appRoutes, classify, derivedKind, ROUTES, unknownRouteMessage } from "./route-cases";

describe("every route has an attacker's case", () => {
  const routes = appRoutes();

  it("reads the routes from the app: the API's, the pages', and no middleware", () => {
    const keys = routes.map((route) => route.key);
    expect(keys).toEqual(
      expect.arrayContaining(["GET /api/provider/listeners/:listenerId/library", "POST /api/admin/songs/:songId/approve", "GET /api/artist/:token", "GET /"]),
    );
    expect(keys).not.toContain("ALL /api/admin/*");
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("classifies every route by the identity it needs, or as public with a reason", () => {
    const unknown = routes.map(classify).filter((known) => "unknown" in known);
    expect(unknown.map(({ route }) => unknownRouteMessage(route))).toEqual([]);
    for (const known of routes.map(classify)) {
      if ("public" in known) expect(known.public.length, known.route.key).toBeGreaterThan(20);
    }
  });

  it("has no case for a route the app no longer has", () => {
    const keys = new Set(routes.map((route) => route.key));
    expect(Object.keys(ROUTES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("agrees with the app where the app says who a route is for: behind requireAdmin an operator's, under /api/artist/:token the page token's", () => {
    const disagreeing = routes.flatMap((route) => {
      const derived = derivedKind(route);
      const listed = ROUTES[route.key];
      if (!derived || !listed) return [];
      return "public" in listed || listed.kind !== derived
        ? [`${route.key}: listed as ${"public" in listed ? "public" : listed.kind}, but the app makes it ${derived}`]
        : [];
    });
    expect(disagreeing).toEqual([]);
    // Every admin route but signing in and out is behind requireAdmin.
    const admin = routes.filter((route) => route.path.startsWith("/api/admin/") && !route.path.startsWith("/api/admin/session"));
    expect(admin.filter((route) => derivedKind(route) !== "operator").map((route) => route.key)).toEqual([]);
    expect(admin.length).toBeGreaterThan(40);
  });
});
