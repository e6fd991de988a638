/**
 * Every route of the Worker, read from the Hono app itself, and the identity each one needs — so a
 * route nobody attacks cannot be added quietly: test/attacker/routes-known.test.ts fails on a route
 * with no case here, and on a case whose route is gone (docs/decisions/091-the-attackers-suite.md).
 *
 * Two kinds are derived, not listed: every route behind the admin API's `requireAdmin` middleware
 * (admin/routes/index.ts) is an operator's, and every route under `/api/artist/:token` (or
 * `/api/artist/link`, the link its cookie keeps) is opened by its private page token. The rest are
 * listed below, each with the identity it needs or, for a public route, why it needs none. Adding a
 * route's case is one line: its key and its identity kind, with the body the rightful caller sends
 * when it takes one.
 */
import type { MiddlewareHandler } from "hono";
import { app } from "../../src/worker/app";
import { lastMonthFile, nextPhone, worldIds, type World } from "./attack-world";

/** Who a route lets in (each kind's attacks are in identities.ts). */
export type IdentityKind =
  /** The tablet provider's HMAC over the body or request line (X-JPlay-Timestamp, X-JPlay-Signature, X-JPlay-Provider). */
  | "provider-signed"
  /** A media or download link JPlay signed (`?expires&signature`). */
  | "provider-link"
  /** A listener token an enrolled provider signed (X-JPlay-Listener). */
  | "listener-token"
  /** The artist's browser session cookie (`__Host-jplay_session`). */
  | "artist-session"
  /** The artist's private page token, in the path or (`/api/artist/link/…`) kept in its cookie. */
  | "artist-page"
  /** A collaborator's page token, in the path or (`/api/collaborator/link/…`) kept in its cookie. */
  | "collaborator-page"
  /** A signed-in operator: Cloudflare Access in production, the local password's session as its stand-in. */
  | "operator"
  /** Stripe's webhook signature (Stripe-Signature), each endpoint its own secret. */
  | "stripe-signed"
  /** Twilio's webhook signature (X-Twilio-Signature). */
  | "twilio-signed";

export interface RouteCase {
  kind: IdentityKind;
  /** Path parameters, when not the world's by name (attack-world.ts, worldIds). */
  params?: (world: World) => Record<string, string>;
  /** The query the rightful caller sends, with its `?`. */
  query?: string;
  /** The body the rightful caller sends: a JSON value, or FormData / URLSearchParams. */
  body?: (world: World) => unknown;
  /** provider-signed: only the primary provider (PROVIDER_WEBHOOK_SECRET) may call it. */
  primaryOnly?: boolean;
  /** provider-signed: it acts on a listener only the provider holding them may act on (another provider is refused). */
  listenerHeld?: boolean;
  /** provider-link: what the link names. */
  link?: "song" | "receipt";
  /** JSON body fields that name a tenant's resource: odd values are tried there with the rightful credential. */
  idFields?: string[];
  /** Statuses the rightful request may get; by default any but the identity's refusal, below 500. */
  ok?: number[];
  /**
   * Statuses, besides refusals, the rightful caller (with an odd id) or another tenant may get where
   * an id names nothing of theirs — written nothing all the same — and why.
   */
  emptyAnswers?: { statuses: number[]; why: string };
  /** Path parameters or body fields whose value is the caller's own choice (any is valid), and why: no odd or other tenant's value is tried there. */
  callersChoice?: { names: string[]; why: string };
  /** What a caller without the identity gets when that is not a refusal, and why. */
  anonymous?: { status: number; body: unknown; why: string };
}

export interface PublicRoute {
  /** Why the route needs no identity. */
  public: string;
}

const provider = (extra: Omit<RouteCase, "kind"> = {}): RouteCase => ({ kind: "provider-signed", ...extra });
const session = (extra: Omit<RouteCase, "kind"> = {}): RouteCase => ({ kind: "artist-session", ...extra });
const page = (extra: Omit<RouteCase, "kind"> = {}): RouteCase => ({ kind: "artist-page", ...extra });
const operator = (extra: Omit<RouteCase, "kind"> = {}): RouteCase => ({ kind: "operator", ...extra });
const open = (why: string): PublicRoute => ({ public: why });

const CATALOGUE = "the listeners' catalogue: anonymous by design, on every tablet (docs/product.md)";
const PAGES = "a server-rendered listener page or the SPA: anonymous by design";

/** Every route by `METHOD /pattern`, as app.routes lists it. */
export const ROUTES: Record<string, RouteCase | PublicRoute> = {
  // ---- Public -------------------------------------------------------------------------------
  "GET /api/health": open("a health check: answers that the Worker runs, nothing else"),
  "GET /api/songs/popular": open(CATALOGUE),
  "GET /api/songs/recent": open(CATALOGUE),
  "GET /api/songs/featured": open(CATALOGUE),
  "GET /api/songs/search": open(CATALOGUE),
  "GET /api/songs/browse": open(CATALOGUE),
  "GET /api/songs/genres": open(CATALOGUE),
  "GET /api/songs/:id/details": open(CATALOGUE),
  "GET /api/songs/:id": open(CATALOGUE),
  "GET /api/songs/:id/audio": open(CATALOGUE),
  "GET /api/songs/:id/cover": open(CATALOGUE),
  "GET /api/songs/:id/preview": open(CATALOGUE),
  "POST /api/songs/:id/saves": open(
    "a listener's \"Save for later\", counted for the artist: anonymous like the catalogue, only a song public in the caller's scope, within the caller's burst",
  ),
  "GET /api/artists/:slug": open(CATALOGUE),
  "GET /api/videos/promo": open(CATALOGUE),
  "GET /api/videos/:file{[a-z0-9-]+\\.mp4}": open(CATALOGUE),
  "GET /api/config": open("the browser's public configuration (the publishable key): an explicit allow-list"),
  "POST /api/create-setup-intent": open(
    "an artist has no sign-up: this starts one, limited per client and overall (docs/security.md: card testing; src/platform/test/limits.test.ts)",
  ),
  "GET /api/admin/session": open("answers whether this browser is signed in, and how operators sign in"),
  "POST /api/admin/session": open(
    "the operator's sign-in itself: a wrong password is refused and counted against the address (src/access/test/admin-access.test.ts)",
  ),
  "DELETE /api/admin/session": open("signing out: ends only the session the browser's own cookie names"),
  "ALL /api/stripe-sandbox/*": open(
    "development and tests only: the browser's way to the Stripe sandbox, which checks its own keys; 404 in production (scripts/production-build.test.ts)",
  ),
  "GET /api/dev/d1-statements": open("a local server's counters for the benchmarks; 404 unless APP_ENV is development"),
  "ALL /api/*": open("the API's 404 for a path no route has"),
  "GET /": open(PAGES),
  "GET /distribute": open(PAGES),
  "GET /browse": open(PAGES),
  "GET /songs": open(PAGES),
  "GET /songs/:songId": open(PAGES),
  "GET /genres/:genre": open(PAGES),
  "GET /artists/:slug": open(PAGES),
  "GET /search": open(PAGES),
  "GET /collaborator/:token": open(
    "trades a collaborator's page link for its cookie and redirects, looking nothing up: the page's own calls check the token (collaborator-page)",
  ),
  "GET /artist/:token": open("trades a page link for its cookie and redirects, looking nothing up: the page's own calls check the token (artist-page)"),
  "GET /.well-known/jwks.json": open("the receipt keys' public halves: published so anyone can verify a receipt"),
  "ALL /*": open(PAGES),

  // ---- The tablet provider and its listeners ---------------------------------------------------
  "POST /api/provider/purchases": provider({
    primaryOnly: true,
    body: (w) => ({
      purchases: [
        {
          purchaseId: `pur-${crypto.randomUUID()}`,
          songId: w.listener!.songId,
          priceCents: 199,
          purchasedAt: new Date(Date.now() - 60_000).toISOString(),
          listenerId: w.listener!.listenerId,
          deviceId: "tablet-0042",
        },
      ],
    }),
  }),
  "GET /api/provider/releases": provider({ primaryOnly: true, query: "?since=0&limit=5" }),
  "GET /api/provider/releases/ern": provider({ primaryOnly: true, query: "?since=0&limit=5" }),
  "POST /api/provider/redeem": provider({
    body: (w) => ({ listenerId: w.listener!.listenerId, receipts: [w.listener!.receipt] }),
    idFields: ["listenerId"],
    listenerHeld: true,
  }),
  "GET /api/provider/listeners/:listenerId/library": provider({ listenerHeld: true }),
  "POST /api/provider/listeners/:listenerId/sessions": provider({
    body: () => ({}),
    callersChoice: {
      names: ["listenerId"],
      why: "any enrolled provider opens sessions for whom it serves, a listener new to JPlay too; the token opens a Library only where that provider holds the listener",
    },
  }),
  "POST /api/provider/listeners/:listenerId/sessions/revoke": provider({
    emptyAnswers: { statuses: [200], why: "a provider revokes only the sessions it opened: of another's listener, or of an id nobody named, none" },
  }),
  "POST /api/provider/transfer-codes": provider({ body: (w) => ({ listenerId: w.listener!.listenerId }), idFields: ["listenerId"], listenerHeld: true }),
  "POST /api/provider/listener-transfers": provider({
    body: (w) => ({ listenerId: w.listener!.listenerId, code: "attackersuite-notacode-0123456789abcdefghijk" }),
    idFields: ["listenerId", "code"],
  }),
  "POST /api/provider/download-failures": provider({
    body: (w) => ({ receiptId: w.listener!.receiptId, attemptId: w.listener!.attemptId, reason: "timed out" }),
    idFields: ["receiptId", "attemptId"],
    listenerHeld: true,
  }),
  "GET /api/provider/media/:songId/:kind{audio|cover|preview}": {
    kind: "provider-link",
    link: "song",
    params: (w) => ({ songId: w.listener!.songId, kind: "audio" }),
  },
  "GET /api/provider/library-media/:receiptId/:kind{audio|cover}": {
    kind: "provider-link",
    link: "receipt",
    params: (w) => ({ receiptId: w.listener!.receiptId, kind: "audio" }),
  },
  "GET /api/provider/tablet-library": { kind: "listener-token" },
  "POST /api/provider/tablet-library/transfer-code": { kind: "listener-token" },

  // ---- The artist's browser session ---------------------------------------------------------------
  "POST /api/save-payment-method": session({
    body: (w) => ({
      customerId: w.artists!.victim.customerId,
      paymentMethodId: w.artists!.victim.paymentMethodId,
      phoneNumber: w.artists!.victim.phoneNumber,
      paymentFrequency: "weekly",
    }),
    // The customer names the session's own setup; a card Stripe did not confirm is the session's own
    // attempt, counted against its own hourly budget before it is refused (docs/security.md).
    idFields: ["customerId"],
  }),
  "POST /api/distribute": session({
    body: () => {
      const form = new FormData();
      form.set("artistName", "Ada Lyric");
      form.set("songTitle", "Attacked Upload");
      form.set("explicit", "no");
      form.set("price", "1.99");
      form.set("songFile", new Blob([new Uint8Array(0)]), "song.mp3");
      return form;
    },
  }),
  "POST /api/distribute/:songId/complete": session({ body: () => ({ feeOption: "standard", requestId: String(Date.now()) }) }),
  "POST /api/distribute/:songId/recovery": session({ body: () => ({ offerTier: 1 }) }),
  "POST /api/create-payment-intent": session(),
  "POST /api/get-or-create-subscription": session(),
  "GET /api/me": session({
    anonymous: { status: 200, body: { artist: null }, why: "the SPA asks whether this browser is an artist's: a stranger learns only that it is not" },
  }),
  "POST /api/me/artist-link": session(),
  "PUT /api/me/language": session({ body: () => ({ language: "es" }) }),

  // ---- The artist's private page (derived: every /api/artist/:token route) ---------------------
  "POST /api/artist/:token/card": page({ body: () => ({ setupIntentId: "seti_attackersuite" }) }),
  "POST /api/artist/:token/phone/confirm": page({ body: () => ({ code: "123456" }) }),
  "GET /api/artist/:token/statements/:file": page({ params: (w) => ({ token: w.artists!.victim.pageToken, file: lastMonthFile() }) }),
  "PUT /api/artist/:token/songs/:songId/splits": page({
    body: () => ({ collaborators: [{ name: "Attacker's producer", phone: "+15550109876", role: "producer", basisPoints: 2000 }], recoup: null }),
  }),

  // ---- A collaborator's page (derived: every /api/collaborator/:token route) -------------------
  "POST /api/collaborator/:token/phone/code": { kind: "collaborator-page" },
  "POST /api/collaborator/:token/phone/confirm": { kind: "collaborator-page", body: () => ({ code: "123456" }) },
  "POST /api/collaborator/:token/connect": { kind: "collaborator-page" },
  "GET /api/collaborator/:token/statements/:file": {
    kind: "collaborator-page",
    params: (w) => ({ token: w.collaborators!.victimToken, file: lastMonthFile() }),
  },

  // ---- Stripe's and Twilio's webhooks ----------------------------------------------------------------
  "POST /api/webhooks/stripe": { kind: "stripe-signed" },
  "POST /api/webhooks/stripe-connect": { kind: "stripe-signed" },
  "POST /api/sms/inbound": { kind: "twilio-signed", body: () => new URLSearchParams({ From: "+15550109999", To: "+15550100000", Body: "STOP" }) },

  // ---- Operators (derived: every route behind requireAdmin); bodies where a route reads one ---------
  "POST /api/admin/songs/:songId/approve": operator({ body: () => ({}) }),
  "POST /api/admin/songs/:songId/reject": operator({ body: () => ({ reason: "other", note: "Refused in the attacker's suite" }) }),
  "POST /api/admin/songs/:songId/takedown": operator({ body: () => ({ reason: "Taken down in the attacker's suite", kind: "content" }) }),
  "POST /api/admin/songs/:songId/facility-decision": operator({
    body: (w) => ({ facilityId: worldIds(w).get("facilityId"), decision: "block", reason: "The attacker's suite" }),
    idFields: ["facilityId"],
  }),
  "POST /api/admin/receipts/:receiptId/revoke": operator({ body: () => ({ reason: "Revoked in the attacker's suite" }) }),
  "POST /api/admin/featured": operator({ body: (w) => ({ songId: w.artists!.victim.songId }), idFields: ["songId"] }),
  "POST /api/admin/facilities/:facilityId/blocks": operator({
    body: (w) => ({ kind: "song", targetId: w.artists!.victim.songId, reason: "The attacker's suite" }),
    idFields: ["targetId"],
  }),
  "POST /api/admin/facilities/:facilityId/blocks/:blockId/lift": operator({ body: () => ({ reason: "The attacker's suite" }) }),
  "PUT /api/admin/facilities/:facilityId/term-lists": operator({ body: () => ({ listIds: [] }) }),
  "POST /api/admin/sms-opt-outs": operator({ body: () => ({ phone: nextPhone() }) }),
  "POST /api/admin/disputes/:disputeId/evidence": operator({ params: () => ({ disputeId: "du_attackersuite" }) }),
  // The operator's view of a collaborator (docs/splits.md, Admin): a read; the world names no collaborator, so a fresh id (404).
  "GET /api/admin/collaborators/:collaboratorId": operator({ params: () => ({ collaboratorId: crypto.randomUUID() }) }),
  "POST /api/admin/refunds/:refundId/retry": operator({ params: () => ({ refundId: "attacker-suite-refund" }) }),
};

// ---- The app's routes --------------------------------------------------------------------------

export interface AppRoute {
  method: string;
  path: string;
  /** `METHOD /pattern`, the key of ROUTES. */
  key: string;
  /** The middleware registered before the route whose path covers it, by name. */
  middleware: string[];
}

type HonoHandler = MiddlewareHandler | ((...args: unknown[]) => unknown);

/** Whether a route's pattern falls under a middleware's (`/api/admin/*` covers `/api/admin/payments`). */
const covers = (pattern: string, path: string) =>
  pattern.endsWith("/*") ? path.startsWith(pattern.slice(0, -1)) || path === pattern.slice(0, -2) : pattern === path;

/**
 * The Worker's routes as the Hono app lists them: every (method, path) once. Middleware — handlers
 * that take `next` — is not a route; it is kept per route, by name, for the derivations below.
 */
export function appRoutes(): AppRoute[] {
  const routes = new Map<string, AppRoute>();
  const middleware: Array<{ path: string; name: string }> = [];
  for (const { method, path, handler } of app.routes as Array<{ method: string; path: string; handler: HonoHandler }>) {
    if (handler.length >= 2) {
      middleware.push({ path, name: handler.name });
      continue;
    }
    const key = `${method} ${path}`;
    if (!routes.has(key)) routes.set(key, { method, path, key, middleware: middleware.filter((m) => covers(m.path, path)).map((m) => m.name) });
  }
  return [...routes.values()];
}

/** The identity a route needs by how the app is built, where that says it: null where only ROUTES says. */
export function derivedKind(route: AppRoute): IdentityKind | null {
  if (route.middleware.includes("requireAdmin")) return "operator";
  if (/^\/api\/artist\/(:token|link)(\/|$)/.test(route.path)) return "artist-page";
  if (/^\/api\/collaborator\/(:token|link)(\/|$)/.test(route.path)) return "collaborator-page";
  return null;
}

export type Classified = { route: AppRoute; kind: IdentityKind; case: RouteCase } | { route: AppRoute; public: string } | { route: AppRoute; unknown: true };

/** What the suite knows of a route: its identity and case, public with its reason, or nothing. */
export function classify(route: AppRoute): Classified {
  const listed = ROUTES[route.key];
  const derived = derivedKind(route);
  if (listed && "public" in listed) return { route, public: listed.public };
  if (listed) return { route, kind: listed.kind, case: listed };
  if (derived) return { route, kind: derived, case: { kind: derived } };
  return { route, unknown: true };
}

/** The routes needing `kind`, each with its case. */
export function routesOf(kind: IdentityKind): Array<{ route: AppRoute; case: RouteCase }> {
  return appRoutes()
    .map(classify)
    .filter((known): known is Extract<Classified, { kind: IdentityKind }> => "kind" in known && known.kind === kind)
    .map(({ route, case: routeCase }) => ({ route, case: routeCase }));
}

/** The message for a route the suite does not know. */
export const unknownRouteMessage = (route: AppRoute) =>
  `${route.key} has no attacker's case: add it to ROUTES in workers/api/test/attacker/route-cases.ts — its identity kind (provider-signed, artist-session, …) and the body its rightful caller sends — or list it as public with the reason it needs no identity.`;
