/**
 * Each identity kind of route-cases.ts as an attacker meets it: how the rightful caller's request is
 * signed (with the product's own signing helpers), the credentials an attacker forges from it — none,
 * empty, built-in names, wrong keys, altered signatures, stale captures, credentials that once worked
 * — another tenant's own valid credential, and what the identity's refusal looks like. Generic: a
 * new route of a kind gets every attack of its kind.
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import Stripe from "stripe";
import { serializeSigned } from "hono/utils/cookie";
import { LISTENER_TOKEN_HEADER } from "@jplay/schema/receipts";
import { ADMIN_COOKIE, ACCESS_JWT_HEADER } from "../../src/access/admin-access";
import { signListenerToken } from "../../src/provider/listener-token";
import { mediaLinkSigner, receiptLinkSigner } from "../../src/provider/provider-media-links";
import { hmacHex, providerHmacKey, type SignedRequest, signProviderRequest, signProviderRequestV1 } from "../../src/provider/provider-signature";
import { newSecretToken } from "../../src/platform/secret-token";
import { signTwilioRequest } from "../../src/texts/twilio-signature";
import { SECOND_PROVIDER, SECOND_SECRET } from "../receipt-support";
import { type Answer, type AttackRequest, BUILT_IN_NAMES, errorIn, headerValue, oddId, pathSegment, publicTextOf, SITE } from "./attack-support";
import { sessionCookieFor, type World } from "./attack-world";
import type { AppRoute, IdentityKind, RouteCase } from "./route-cases";

/** A route's request before any credential: its parameters, query and body, all replaceable. */
export interface Built {
  route: AppRoute;
  case: RouteCase;
  params: Record<string, string>;
  query: string;
  /** The body as sent (JSON text, form data, URL-encoded text), and its type. */
  body?: string | FormData;
  contentType?: string;
}

/** The path and query a built request is sent to. */
export const pathOf = (built: Built) =>
  built.route.path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_, name: string) => {
    if (!(name in built.params))
      throw new Error(`${built.route.key}: no value for :${name} — give the case params, or the world an id of that name (attack-world.ts)`);
    return pathSegment(built.params[name]!);
  }) + built.query;

const baseRequest = (built: Built, headers: Record<string, string> = {}): AttackRequest => ({
  method: built.route.method,
  path: pathOf(built),
  headers: { ...(built.contentType ? { "Content-Type": built.contentType } : {}), ...headers },
  body: built.body,
});

export interface Forgery {
  label: string;
  apply: (built: Built, world: World) => Promise<AttackRequest>;
}

export interface Identity {
  /** The request as its rightful caller (the world's victim) sends it. */
  rightful: (built: Built, world: World) => Promise<AttackRequest>;
  /**
   * Credentials an attacker forges for the request: each fixed one is always tried, each arbitrary
   * family at least once (attack-route.ts), then random draws from all of them.
   */
  forgeries: (built: Built) => Array<Forgery | fc.Arbitrary<Forgery>>;
  /** Another tenant's own working credential, for the victim's ids: null where the route has no tenant boundary. */
  otherTenant?: (built: Built, world: World) => Promise<AttackRequest | null>;
  /** The path parameter that is the credential itself, never a resource id. */
  credentialParam?: string;
  /** Writes that authenticating a rightful call makes whatever its route then does (the provider's replay guard): a refused route's own, nothing else. */
  authenticatedWrites?: RegExp;
  /** Whether an answer is this identity's own refusal. */
  refused: (answer: Answer) => boolean;
}

const forgery = (label: string, apply: Forgery["apply"]): Forgery => ({ label, apply });
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A secret an attacker might sign with: anything but the real ones. */
const wrongSecret = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom(...BUILT_IN_NAMES.map(publicTextOf)),
  fc.constant("test-provider-secret-0123456789abcde"),
);
/** Hex with one digit changed. */
const altered = (hex: string, at: number) => {
  const index = at % hex.length;
  return hex.slice(0, index) + (hex[index] === "0" ? "1" : "0") + hex.slice(index + 1);
};
/** Signatures of the wrong form. */
const malformedSignature = fc.oneof(
  fc.constantFrom("", "0", "zz".repeat(32), "a".repeat(63), "a".repeat(65), "sha256=".padEnd(71, "a")),
  oddId.map(headerValue),
);

// ---- The tablet provider's signed calls -----------------------------------------------------------

/** A provider id that is not the primary's own name (which, signed with the primary secret, is the primary). */
const notThePrimary = oddId.filter((id) => id !== "primary");

const PRIMARY_SECRET = () => env.PROVIDER_WEBHOOK_SECRET!;

/**
 * The request signed by a provider, as signature v2 signs it (provider/provider-signature.ts): its
 * method, path and query, the provider it names ("primary" when none) and its body. `signedAs` signs
 * another call than the one sent.
 */
async function signedByProvider(
  request: AttackRequest,
  secret: string,
  providerId?: string,
  timestamp = String(nowSeconds()),
  signedAs: Partial<SignedRequest> = {},
): Promise<AttackRequest> {
  const signature = await signProviderRequest(secret, timestamp, {
    method: request.method,
    pathAndQuery: request.path,
    providerId: providerId ?? "primary",
    body: typeof request.body === "string" ? request.body : "",
    ...signedAs,
  });
  return {
    ...request,
    headers: {
      ...request.headers,
      "X-JPlay-Timestamp": timestamp,
      "X-JPlay-Signature": signature,
      ...(providerId === undefined ? {} : { "X-JPlay-Provider": headerValue(providerId) }),
    },
  };
}

const providerSigned: Identity = {
  rightful: (built) => signedByProvider(baseRequest(built), PRIMARY_SECRET()),
  forgeries: (built) => [
    forgery("no signature", async (b) => baseRequest(b)),
    forgery("empty timestamp and signature", async (b) => baseRequest(b, { "X-JPlay-Timestamp": "", "X-JPlay-Signature": "" })),
    ...BUILT_IN_NAMES.map((name) =>
      forgery(`provider "${name}" signed with its public text`, (b) => signedByProvider(baseRequest(b), publicTextOf(name), name)),
    ),
    wrongSecret.map((secret) => forgery(`signed with a wrong key ${JSON.stringify(secret.slice(0, 40))}`, (b) => signedByProvider(baseRequest(b), secret))),
    fc.nat().map((at) =>
      forgery(`signature altered at ${at % 64}`, async (b) => {
        const signed = await signedByProvider(baseRequest(b), PRIMARY_SECRET());
        return { ...signed, headers: { ...signed.headers, "X-JPlay-Signature": altered(signed.headers!["X-JPlay-Signature"]!, at) } };
      }),
    ),
    malformedSignature.map((signature) =>
      forgery(`signature ${JSON.stringify(signature.slice(0, 40))}`, async (b) =>
        baseRequest(b, { "X-JPlay-Timestamp": String(nowSeconds()), "X-JPlay-Signature": signature }),
      ),
    ),
    // A valid request captured earlier and sent again once its five minutes are over.
    fc
      .integer({ min: 301, max: 400 * 24 * 3600 })
      .map((age) =>
        forgery(`a capture replayed ${age} s later`, (b) => signedByProvider(baseRequest(b), PRIMARY_SECRET(), undefined, String(nowSeconds() - age))),
      ),
    fc
      .integer({ min: 120, max: 400 * 24 * 3600 })
      .map((ahead) =>
        forgery(`signed ${ahead} s in the future`, (b) => signedByProvider(baseRequest(b), PRIMARY_SECRET(), undefined, String(nowSeconds() + ahead))),
      ),
    oddId.map((timestamp) =>
      forgery(`timestamp ${JSON.stringify(timestamp.slice(0, 40))}`, (b) =>
        signedByProvider(baseRequest(b), PRIMARY_SECRET(), undefined, headerValue(timestamp)),
      ),
    ),
    forgery("signed, then its body or query altered", async (b) => {
      const signed = await signedByProvider(baseRequest(b), PRIMARY_SECRET());
      return typeof signed.body === "string"
        ? { ...signed, body: `${signed.body} ` }
        : { ...signed, path: `${signed.path}${signed.path.includes("?") ? "&" : "?"}limit=1` };
    }),
    forgery("the second provider's secret, naming no provider", (b) => signedByProvider(baseRequest(b), SECOND_SECRET)),
    // Where any enrolled provider may call, the header picks the secret: the primary's signs for no other.
    // (A primary-only route reads no header: its signature is the primary's or nothing.)
    ...(built.case.primaryOnly
      ? []
      : [
          forgery("the primary secret, naming the second provider", (b) => signedByProvider(baseRequest(b), PRIMARY_SECRET(), SECOND_PROVIDER)),
          notThePrimary.map((id) =>
            forgery(`provider ${JSON.stringify(id.slice(0, 40))} signed with the primary secret`, (b) =>
              signedByProvider(baseRequest(b), PRIMARY_SECRET(), id),
            ),
          ),
        ]),
    // A signature v2 binds the call: one made for another route, method or provider signs nothing else.
    forgery("signed for another route", (b) =>
      signedByProvider(baseRequest(b), PRIMARY_SECRET(), undefined, undefined, { pathAndQuery: "/api/provider/releases?since=0" }),
    ),
    forgery("signed for the other method", (b) =>
      signedByProvider(baseRequest(b), PRIMARY_SECRET(), undefined, undefined, { method: b.route.method === "GET" ? "POST" : "GET" }),
    ),
    forgery("signed for the second provider, sent naming none", (b) =>
      signedByProvider(baseRequest(b), PRIMARY_SECRET(), undefined, undefined, { providerId: SECOND_PROVIDER }),
    ),
    // Signature v1 is a migration setting, off unless PROVIDER_SIGNATURE_V1 says "accept".
    forgery("signed with signature v1", async (b) => {
      const request = baseRequest(b);
      const timestamp = String(nowSeconds());
      const signature = await signProviderRequestV1(PRIMARY_SECRET(), timestamp, {
        method: request.method,
        pathAndQuery: request.path,
        providerId: "primary",
        body: typeof request.body === "string" ? request.body : "",
      });
      return baseRequest(b, { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature });
    }),
    // Another scheme's signature with the same key signs no call.
    forgery("signed with a listener token's scheme", async (b) => {
      const request = baseRequest(b);
      const timestamp = String(nowSeconds());
      const text = `listener-session.${request.method} ${request.path}.primary.${typeof request.body === "string" ? request.body : ""}`;
      return baseRequest(b, {
        "X-JPlay-Timestamp": timestamp,
        "X-JPlay-Signature": await hmacHex(await providerHmacKey(PRIMARY_SECRET(), "sign"), `${timestamp}.${text}`),
      });
    }),
  ],
  // Another enrolled provider, signing rightly: on a primary-only route, or naming a listener the
  // primary holds (listeners/listener-holders.ts), it is refused.
  otherTenant: async (built) =>
    built.case.primaryOnly || built.case.listenerHeld ? signedByProvider(baseRequest(built), SECOND_SECRET, SECOND_PROVIDER) : null,
  // Every authenticated POST is recorded before its route runs, so it is accepted once (provider/signature-replay.ts).
  authenticatedWrites: /^D1: insert into "?provider_signatures"?/,
  refused: (answer) => answer.status === 401,
};

// ---- Links JPlay signed -------------------------------------------------------------------------

const linkExpiry = () => nowSeconds() + 3600;

/** The query of a link signed for `id` (a song's or a receipt's) with `secret`. */
async function linkQuery(built: Built, id: string, options: { secret?: string; expires?: number; as?: "song" | "receipt"; kind?: "audio" | "cover" } = {}) {
  const signer = (options.as ?? built.case.link) === "receipt" ? receiptLinkSigner : mediaLinkSigner;
  const sign = await signer(options.secret ?? PRIMARY_SECRET(), SITE, options.expires ?? linkExpiry());
  const url = new URL(await sign(id, (options.kind ?? built.params.kind) as "audio" | "cover"));
  return url.search;
}

const linkId = (built: Built) => (built.case.link === "receipt" ? built.params.receiptId! : built.params.songId!);
const withQuery = (built: Built, query: string): AttackRequest => baseRequest({ ...built, query });

const providerLink: Identity = {
  rightful: async (built) => withQuery(built, await linkQuery(built, linkId(built))),
  forgeries: () => [
    forgery("no signature", async (b) => withQuery(b, "")),
    forgery("empty expires and signature", async (b) => withQuery(b, "?expires=&signature=")),
    malformedSignature.map((signature) =>
      forgery(`signature ${JSON.stringify(signature.slice(0, 40))}`, async (b) =>
        withQuery(b, `?expires=${linkExpiry()}&signature=${encodeURIComponent(signature)}`),
      ),
    ),
    fc.nat().map((at) =>
      forgery(`signature altered at ${at % 64}`, async (b) => {
        const query = new URLSearchParams(await linkQuery(b, linkId(b)));
        query.set("signature", altered(query.get("signature")!, at));
        return withQuery(b, `?${query}`);
      }),
    ),
    wrongSecret.map((secret) =>
      forgery(`signed with a wrong key ${JSON.stringify(secret.slice(0, 40))}`, async (b) => withQuery(b, await linkQuery(b, linkId(b), { secret }))),
    ),
    fc
      .integer({ min: 1, max: 400 * 24 * 3600 })
      .map((age) => forgery(`expired ${age} s ago`, async (b) => withQuery(b, await linkQuery(b, linkId(b), { expires: nowSeconds() - age })))),
    forgery("a link's expiry moved later, its signature kept", async (b) => {
      const query = new URLSearchParams(await linkQuery(b, linkId(b)));
      query.set("expires", String(Number(query.get("expires")) + 86_400));
      return withQuery(b, `?${query}`);
    }),
    forgery("signed for another song or receipt", async (b, w) =>
      withQuery(b, await linkQuery(b, b.case.link === "receipt" ? w.listener!.otherReceiptId : crypto.randomUUID())),
    ),
    forgery("signed as the other kind of link", async (b) =>
      withQuery(b, await linkQuery(b, linkId(b), { as: b.case.link === "receipt" ? "song" : "receipt" })),
    ),
    forgery("signed for the other file", async (b) => withQuery(b, await linkQuery(b, linkId(b), { kind: b.params.kind === "audio" ? "cover" : "audio" }))),
    forgery("signed with the provider's request key instead of the links' own", async (b) => {
      const expires = linkExpiry();
      const message = `${b.case.link === "receipt" ? "receipt." : ""}${linkId(b)}.${b.params.kind}.${expires}`;
      return withQuery(b, `?expires=${expires}&signature=${await hmacHex(await providerHmacKey(PRIMARY_SECRET(), "sign"), message)}`);
    }),
  ],
  refused: (answer) => answer.status === 403,
};

// ---- Listener tokens ------------------------------------------------------------------------------

const withListenerToken = (built: Built, token: string | undefined): AttackRequest =>
  baseRequest(built, token === undefined ? {} : { [LISTENER_TOKEN_HEADER]: headerValue(token) });

/** A token as a provider's session would carry it, signed with `secret`: the world's session unless another is named. */
const tokenFor = (w: World, options: { secret?: string; providerId?: string; listenerId?: string; expires?: number; sessionId?: string } = {}) =>
  signListenerToken(
    options.secret ?? PRIMARY_SECRET(),
    options.providerId ?? "primary",
    options.listenerId ?? w.listener!.listenerId,
    options.expires ?? w.listener!.sessionExpires,
    options.sessionId ?? w.listener!.sessionId,
  );

const listenerToken: Identity = {
  rightful: async (built, world) => withListenerToken(built, world.listener!.sessionToken),
  forgeries: () => [
    forgery("no token", async (b) => withListenerToken(b, undefined)),
    oddId.map((token) => forgery(`token ${JSON.stringify(token.slice(0, 40))}`, async (b) => withListenerToken(b, token))),
    ...BUILT_IN_NAMES.map((name) =>
      forgery(`provider "${name}" signed with its public text`, async (b, w) =>
        withListenerToken(b, await tokenFor(w, { secret: publicTextOf(name), providerId: name })),
      ),
    ),
    notThePrimary.map((id) =>
      forgery(`provider ${JSON.stringify(id.slice(0, 40))} signed with the primary secret`, async (b, w) =>
        withListenerToken(b, await tokenFor(w, { providerId: id })),
      ),
    ),
    wrongSecret.map((secret) =>
      forgery(`signed with a wrong key ${JSON.stringify(secret.slice(0, 40))}`, async (b, w) => withListenerToken(b, await tokenFor(w, { secret }))),
    ),
    forgery("another listener's id, the signature kept", async (b, w) =>
      withListenerToken(b, w.listener!.sessionToken.replace(w.listener!.listenerId, w.listener!.otherListenerId)),
    ),
    forgery("another listener's id, properly signed, under this listener's session", async (b, w) =>
      withListenerToken(b, await tokenFor(w, { listenerId: w.listener!.otherListenerId })),
    ),
    forgery("a session no provider opened, properly signed", async (b, w) => withListenerToken(b, await tokenFor(w, { sessionId: crypto.randomUUID() }))),
    forgery("a revoked session's token", async (b, w) => withListenerToken(b, w.listener!.revokedSessionToken)),
    fc
      .integer({ min: 0, max: 400 * 24 * 3600 })
      .map((age) => forgery(`expired ${age} s ago`, async (b, w) => withListenerToken(b, await tokenFor(w, { expires: nowSeconds() - age })))),
    fc
      .integer({ min: 31 * 24 * 3600, max: 10 ** 9 })
      .map((ahead) => forgery(`living ${ahead} s`, async (b, w) => withListenerToken(b, await tokenFor(w, { expires: nowSeconds() + ahead })))),
    forgery("the second provider's secret, naming the primary", async (b, w) => withListenerToken(b, await tokenFor(w, { secret: SECOND_SECRET }))),
    forgery("the second provider, naming itself, under the primary's session", async (b, w) =>
      withListenerToken(b, await tokenFor(w, { secret: SECOND_SECRET, providerId: SECOND_PROVIDER })),
    ),
    fc.nat().map((at) =>
      forgery(`signature altered at ${at % 64}`, async (b, w) => {
        const token = w.listener!.sessionToken;
        const cut = token.lastIndexOf(".") + 1;
        return withListenerToken(b, `${token.slice(0, cut)}${altered(token.slice(cut), at)}`);
      }),
    ),
  ],
  refused: (answer) => answer.status === 401,
};

// ---- Changes from another site -------------------------------------------------------------------

/** The rightful credential on a change sent from a page elsewhere: the browser adds the other site's Origin. */
const fromAnotherSite = (built: Built, rightful: Identity["rightful"]): Forgery[] =>
  built.route.method === "GET"
    ? []
    : ["https://evil.example", "null", `${SITE}.evil.example`].map((origin) =>
        forgery(`the rightful credential, from a page at ${origin}`, async (b, w) => {
          const request = await rightful(b, w);
          return { ...request, headers: { ...request.headers, Origin: origin } };
        }),
      );

// ---- The artist's session cookie ------------------------------------------------------------------

const SESSION_COOKIE = "__Host-jplay_session";
const withCookie = (built: Built, cookie: string | undefined): AttackRequest =>
  baseRequest(built, { Origin: SITE, ...(cookie === undefined ? {} : { Cookie: cookie }) });

const artistSession: Identity = {
  rightful: async (built, world) => withCookie(built, world.artists!.victim.sessionCookie),
  forgeries: (built) => [
    forgery("no cookie", async (b) => withCookie(b, undefined)),
    forgery("an empty session cookie", async (b) => withCookie(b, `${SESSION_COOKIE}=`)),
    oddId.map((value) =>
      forgery(`session cookie ${JSON.stringify(value.slice(0, 40))}`, async (b) => withCookie(b, `${SESSION_COOKIE}=${encodeURIComponent(value)}`)),
    ),
    oddId.map((value) =>
      forgery(`session cookie ${JSON.stringify(value.slice(0, 40))}, properly signed`, async (b) => withCookie(b, await sessionCookieFor(value))),
    ),
    forgery("a well-formed token no session has, properly signed", async (b) => withCookie(b, await sessionCookieFor(newSecretToken()))),
    wrongSecret.map((secret) =>
      forgery(`the victim's token signed with a wrong key ${JSON.stringify(secret.slice(0, 40))}`, async (b, w) => {
        const token = decodeURIComponent(w.artists!.victim.sessionCookie.split("=")[1]!).split(".")[0]!;
        return withCookie(b, await sessionCookieFor(token, secret));
      }),
    ),
    forgery("a session the artist ended", async (b, w) => withCookie(b, w.artists!.endedSessionCookie)),
    forgery("a payment-setup session no card was saved in", async (b, w) => withCookie(b, w.artists!.cardlessSessionCookie)),
    forgery("the victim's cookie without its __Host- prefix", async (b, w) => withCookie(b, w.artists!.victim.sessionCookie.replace("__Host-", ""))),
    forgery("the victim's page token as a session", async (b, w) => withCookie(b, await sessionCookieFor(w.artists!.victim.pageToken))),
    forgery("an operator's cookie", async (b, w) => withCookie(b, w.operator?.cookie ?? `${ADMIN_COOKIE}=x`)),
    ...fromAnotherSite(built, async (b, w) => withCookie(b, w.artists!.victim.sessionCookie)),
  ],
  otherTenant: async (built, world) => withCookie(built, world.artists!.attacker.sessionCookie),
  refused: (answer) => answer.status === 401 || answer.status === 403,
};

// ---- The artist's private page token ------------------------------------------------------------------

const LINK_COOKIE = "__Host-jplay_artist_link";
/**
 * The request with `token` where the route reads its page token: in the path (`:token`), or, for a
 * route of the kept link only (`/api/artist/link/…`), in the cookie that keeps it.
 */
const withToken = (built: Built, token: string, cookie?: string): AttackRequest =>
  /:token\b/.test(built.route.path)
    ? baseRequest({ ...built, params: { ...built.params, token } }, { Origin: SITE, ...(cookie === undefined ? {} : { Cookie: cookie }) })
    : baseRequest(built, { Origin: SITE, Cookie: cookie ?? `${LINK_COOKIE}=${encodeURIComponent(token)}` });

const artistPage: Identity = {
  credentialParam: "token",
  rightful: async (built, world) => withToken(built, world.artists!.victim.pageToken),
  forgeries: (built) => [
    ...BUILT_IN_NAMES.map((name) => forgery(`page token "${name}"`, async (b) => withToken(b, name))),
    oddId.filter((token) => token !== "").map((token) => forgery(`page token ${JSON.stringify(token.slice(0, 40))}`, async (b) => withToken(b, token))),
    forgery("a well-formed token no link has", async (b) => withToken(b, newSecretToken())),
    forgery("a revoked link", async (b, w) => withToken(b, w.artists!.revokedPageToken)),
    forgery("an expired link", async (b, w) => withToken(b, w.artists!.expiredPageToken)),
    forgery("the victim's token in other letter case", async (b, w) => {
      const token = w.artists!.victim.pageToken;
      return withToken(b, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase());
    }),
    forgery("the victim's session token as a page token", async (b, w) =>
      withToken(b, decodeURIComponent(w.artists!.victim.sessionCookie.split("=")[1]!).split(".")[0]!),
    ),
    forgery("the kept link's path with no cookie", async (b) => withToken(b, "link")),
    oddId.map((value) =>
      forgery(`the kept link's path with cookie ${JSON.stringify(value.slice(0, 40))}`, async (b) =>
        withToken(b, "link", `${LINK_COOKIE}=${encodeURIComponent(value)}`),
      ),
    ),
    forgery("the kept link's path with a revoked link in the cookie", async (b, w) => withToken(b, "link", `${LINK_COOKIE}=${w.artists!.revokedPageToken}`)),
    forgery("the kept link's path with the victim's session cookie only", async (b, w) => withToken(b, "link", w.artists!.victim.sessionCookie)),
    forgery("the victim's link in the cookie without its __Host- prefix", async (b, w) =>
      withToken(b, "link", `jplay_artist_link=${w.artists!.victim.pageToken}`),
    ),
    ...fromAnotherSite(built, async (b, w) => withToken(b, "link", `${LINK_COOKIE}=${w.artists!.victim.pageToken}`)),
  ],
  otherTenant: async (built, world) => withToken(built, world.artists!.attacker.pageToken),
  refused: (answer) => answer.status === 404 && errorIn(answer).message === "Link not found",
};

// ---- A collaborator's page ------------------------------------------------------------------------

const COLLABORATOR_LINK_COOKIE = "__Host-jplay_collaborator_link";

/** The request with `token` where the route reads it: in the path, or at `/api/collaborator/link/…` in the cookie. */
const withCollaboratorToken = (built: Built, token: string, cookie?: string): AttackRequest =>
  /:token\b/.test(built.route.path)
    ? baseRequest({ ...built, params: { ...built.params, token } }, { Origin: SITE, ...(cookie === undefined ? {} : { Cookie: cookie }) })
    : baseRequest(built, { Origin: SITE, Cookie: cookie ?? `${COLLABORATOR_LINK_COOKIE}=${encodeURIComponent(token)}` });

const collaboratorPage: Identity = {
  credentialParam: "token",
  rightful: async (built, world) => withCollaboratorToken(built, world.collaborators!.victimToken),
  forgeries: (built) => [
    ...BUILT_IN_NAMES.map((name) => forgery(`page token "${name}"`, async (b) => withCollaboratorToken(b, name))),
    oddId
      .filter((token) => token !== "")
      .map((token) => forgery(`page token ${JSON.stringify(token.slice(0, 40))}`, async (b) => withCollaboratorToken(b, token))),
    forgery("a well-formed token no link has", async (b) => withCollaboratorToken(b, newSecretToken())),
    forgery("a revoked link", async (b, w) => withCollaboratorToken(b, w.collaborators!.revokedToken)),
    forgery("an expired link", async (b, w) => withCollaboratorToken(b, w.collaborators!.expiredToken)),
    forgery("the victim's token in other letter case", async (b, w) => {
      const token = w.collaborators!.victimToken;
      return withCollaboratorToken(b, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase());
    }),
    forgery("an artist's page link cookie on the kept link's path", async (b, w) =>
      withCollaboratorToken(b, "link", `${LINK_COOKIE}=${w.collaborators!.victimToken}`),
    ),
    forgery("the kept link's path with no cookie", async (b) => withCollaboratorToken(b, "link")),
    oddId.map((value) =>
      forgery(`the kept link's path with cookie ${JSON.stringify(value.slice(0, 40))}`, async (b) =>
        withCollaboratorToken(b, "link", `${COLLABORATOR_LINK_COOKIE}=${encodeURIComponent(value)}`),
      ),
    ),
    forgery("the victim's link in the cookie without its __Host- prefix", async (b, w) =>
      withCollaboratorToken(b, "link", `jplay_collaborator_link=${w.collaborators!.victimToken}`),
    ),
    ...fromAnotherSite(built, async (b, w) => withCollaboratorToken(b, "link", `${COLLABORATOR_LINK_COOKIE}=${w.collaborators!.victimToken}`)),
  ],
  refused: (answer) => answer.status === 404 && errorIn(answer).message === "Link not found",
};

// ---- Operators ---------------------------------------------------------------------------------------

const TEAM = "https://jplay-attacked.cloudflareaccess.com";
const AUD = "attacker-suite-audience-0123456789abcdef";

/** Cloudflare Access configured as production has it, with a team key of the test's own. */
export interface AccessTeam {
  env: Partial<Env>;
  jwt: (claims?: { aud?: string; iss?: string; exp?: number | string; kid?: string }, key?: CryptoKey) => Promise<string>;
  strangerKey: CryptoKey;
  publicJwk: JWK;
}

export async function accessTeam(): Promise<AccessTeam> {
  const team = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(team.publicKey)), kid: "team-key", alg: "RS256", use: "sig" };
  return {
    env: { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD, ACCESS_JWKS: JSON.stringify({ keys: [publicJwk] }) },
    jwt: (claims = {}, key = team.privateKey) =>
      new SignJWT({ email: "operator@jplay.example", type: "app" })
        .setProtectedHeader({ alg: "RS256", kid: claims.kid ?? "team-key" })
        .setIssuer(claims.iss ?? TEAM)
        .setAudience(claims.aud ?? AUD)
        .setIssuedAt()
        .setExpirationTime(claims.exp ?? "1h")
        .sign(key),
    strangerKey: stranger.privateKey,
    publicJwk,
  };
}

let team: Promise<AccessTeam> | undefined;
/** One Access team for the run (key generation takes a moment). */
export const theAccessTeam = () => (team ??= accessTeam());

const asOperator = (built: Built, headers: Record<string, string>, access = false): Promise<AttackRequest> =>
  (access ? theAccessTeam() : Promise.resolve(null)).then((t) => ({ ...baseRequest(built, { Origin: SITE, ...headers }), ...(t ? { env: t.env } : {}) }));
const base64url = (text: string) => btoa(text).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

const operatorIdentity: Identity = {
  rightful: (built, world) => asOperator(built, { Cookie: world.operator!.cookie }),
  forgeries: (built) => [
    // The local password's session, as development and tests sign operators in.
    forgery("no cookie", (b) => asOperator(b, {})),
    forgery("an empty admin cookie", (b) => asOperator(b, { Cookie: `${ADMIN_COOKIE}=` })),
    oddId.map((value) =>
      forgery(`admin cookie ${JSON.stringify(value.slice(0, 40))}`, (b) => asOperator(b, { Cookie: `${ADMIN_COOKIE}=${encodeURIComponent(value)}` })),
    ),
    oddId.map((value) =>
      forgery(`admin cookie ${JSON.stringify(value.slice(0, 40))}, signed with the admin cookie's own secret`, async (b) =>
        asOperator(b, { Cookie: (await serializeSigned(ADMIN_COOKIE, value, `admin-session:${env.SESSION_SECRET}:${env.ADMIN_PASSWORD}`)).split(";")[0]! }),
      ),
    ),
    wrongSecret.map((secret) =>
      forgery(`the operator's token signed with a wrong key ${JSON.stringify(secret.slice(0, 40))}`, async (b, w) => {
        const token = decodeURIComponent(w.operator!.cookie.split("=")[1]!).split(".")[0]!;
        return asOperator(b, { Cookie: (await serializeSigned(ADMIN_COOKIE, token, secret)).split(";")[0]! });
      }),
    ),
    forgery("a signed-out operator's cookie", (b, w) => asOperator(b, { Cookie: w.operator!.signedOutCookie })),
    forgery("an artist's session cookie", async (b, w) =>
      asOperator(b, { Cookie: w.artists?.victim.sessionCookie ?? (await sessionCookieFor(newSecretToken())) }),
    ),
    forgery("an Access JWT where Access is not configured", async (b) => asOperator(b, { [ACCESS_JWT_HEADER]: await (await theAccessTeam()).jwt() })),
    // Cloudflare Access, as production signs operators in.
    forgery("Access configured, no JWT", (b) => asOperator(b, {}, true)),
    oddId.map((value) => forgery(`Access JWT ${JSON.stringify(value.slice(0, 40))}`, (b) => asOperator(b, { [ACCESS_JWT_HEADER]: headerValue(value) }, true))),
    forgery("Access JWT for another application", async (b) =>
      asOperator(b, { [ACCESS_JWT_HEADER]: await (await theAccessTeam()).jwt({ aud: "another-application" }) }, true),
    ),
    forgery("Access JWT of another team", async (b) =>
      asOperator(b, { [ACCESS_JWT_HEADER]: await (await theAccessTeam()).jwt({ iss: "https://elsewhere.cloudflareaccess.com" }) }, true),
    ),
    fc
      .integer({ min: 1, max: 400 * 24 * 3600 })
      .map((age) =>
        forgery(`Access JWT expired ${age} s ago`, async (b) =>
          asOperator(b, { [ACCESS_JWT_HEADER]: await (await theAccessTeam()).jwt({ exp: nowSeconds() - age - 60 }) }, true),
        ),
      ),
    forgery("Access JWT signed by a key the team does not have, under the team key's id", async (b) => {
      const t = await theAccessTeam();
      return asOperator(b, { [ACCESS_JWT_HEADER]: await t.jwt({}, t.strangerKey) }, true);
    }),
    forgery("Access JWT with alg none", async (b) => {
      const claims = { email: "operator@jplay.example", iss: TEAM, aud: AUD, exp: nowSeconds() + 3600 };
      return asOperator(
        b,
        { [ACCESS_JWT_HEADER]: `${base64url(JSON.stringify({ alg: "none", kid: "team-key" }))}.${base64url(JSON.stringify(claims))}.` },
        true,
      );
    }),
    forgery("Access JWT signed HS256 with the team's public key as the secret", async (b) => {
      const t = await theAccessTeam();
      const jwt = await new SignJWT({ email: "operator@jplay.example" })
        .setProtectedHeader({ alg: "HS256", kid: "team-key" })
        .setIssuer(TEAM)
        .setAudience(AUD)
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode(JSON.stringify(t.publicJwk)));
      return asOperator(b, { [ACCESS_JWT_HEADER]: jwt }, true);
    }),
    forgery("Access configured, the local password's session cookie", (b, w) => asOperator(b, { Cookie: w.operator!.cookie }, true)),
    // A change with the operator's own cookie, from a page elsewhere (or a client that sends no Origin).
    ...(built.route.method === "GET"
      ? []
      : [undefined, "https://evil.example", "null", SITE.replace("http:", "https:"), `${SITE}.evil.example`].map((origin) =>
          forgery(`the operator's cookie, Origin ${origin ?? "absent"}`, async (b, w) => {
            const request = await asOperator(b, { Cookie: w.operator!.cookie });
            const headers = { ...request.headers };
            if (origin === undefined) delete headers.Origin;
            else headers.Origin = origin;
            return { ...request, headers };
          }),
        )),
  ],
  refused: (answer) => answer.status === 401 || answer.status === 403,
};

// ---- Stripe's and Twilio's webhooks ------------------------------------------------------------------

const stripeSecretOf = (built: Built) => (built.route.path.endsWith("/stripe-connect") ? env.STRIPE_CONNECT_WEBHOOK_SECRET! : env.STRIPE_WEBHOOK_SECRET!);
const otherStripeSecretOf = (built: Built) => (built.route.path.endsWith("/stripe-connect") ? env.STRIPE_WEBHOOK_SECRET! : env.STRIPE_CONNECT_WEBHOOK_SECRET!);

/** An event of a type neither endpoint acts on: recorded once, nothing else. */
export const harmlessEvent = () =>
  JSON.stringify({
    id: `evt_attacker_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    type: "balance.available",
    data: { object: { object: "balance" } },
  });

export const stripeSignature = (payload: string, secret: string, timestamp = nowSeconds()) =>
  Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider: Stripe.createSubtleCryptoProvider() });

const withStripeSignature = (built: Built, signature: string | undefined): AttackRequest =>
  baseRequest(built, signature === undefined ? {} : { "Stripe-Signature": signature });

const stripeSigned: Identity = {
  rightful: async (built) => withStripeSignature(built, await stripeSignature(built.body as string, stripeSecretOf(built))),
  forgeries: () => [
    forgery("no signature", async (b) => withStripeSignature(b, undefined)),
    oddId.map((value) => forgery(`Stripe-Signature ${JSON.stringify(value.slice(0, 40))}`, async (b) => withStripeSignature(b, headerValue(value)))),
    wrongSecret.map((secret) =>
      forgery(`signed with a wrong secret ${JSON.stringify(secret.slice(0, 40))}`, async (b) =>
        withStripeSignature(b, await stripeSignature(b.body as string, secret)),
      ),
    ),
    forgery("signed with the other endpoint's secret", async (b) => withStripeSignature(b, await stripeSignature(b.body as string, otherStripeSecretOf(b)))),
    fc
      .integer({ min: 301, max: 400 * 24 * 3600 })
      .map((age) =>
        forgery(`a capture replayed ${age} s later`, async (b) =>
          withStripeSignature(b, await stripeSignature(b.body as string, stripeSecretOf(b), nowSeconds() - age)),
        ),
      ),
    forgery("signed, then the event altered", async (b) => ({
      ...withStripeSignature(b, await stripeSignature(b.body as string, stripeSecretOf(b))),
      body: (b.body as string).replace("balance.available", "payment_intent.succeeded"),
    })),
    forgery("a v0 signature only", async (b) => withStripeSignature(b, (await stripeSignature(b.body as string, stripeSecretOf(b))).replace("v1=", "v0="))),
  ],
  refused: (answer) => answer.status === 400 && errorIn(answer).code === "invalid_signature",
};

export const TWILIO_TOKEN = "attacker-suite-twilio-auth-token";
const withTwilioSignature = (built: Built, signature: string | undefined): AttackRequest => ({
  ...baseRequest(built, signature === undefined ? {} : { "X-Twilio-Signature": signature }),
  env: { TWILIO_AUTH_TOKEN: TWILIO_TOKEN },
});
const twilioSignature = (built: Built, token = TWILIO_TOKEN, url = `${SITE}${pathOf(built)}`) =>
  signTwilioRequest(token, url, new URLSearchParams(built.body as string));

const twilioSigned: Identity = {
  rightful: async (built) => withTwilioSignature(built, await twilioSignature(built)),
  forgeries: () => [
    forgery("no signature", async (b) => withTwilioSignature(b, undefined)),
    oddId.map((value) => forgery(`X-Twilio-Signature ${JSON.stringify(value.slice(0, 40))}`, async (b) => withTwilioSignature(b, headerValue(value)))),
    wrongSecret.map((secret) =>
      forgery(`signed with a wrong token ${JSON.stringify(secret.slice(0, 40))}`, async (b) => withTwilioSignature(b, await twilioSignature(b, secret))),
    ),
    forgery("signed for another address", async (b) => withTwilioSignature(b, await twilioSignature(b, TWILIO_TOKEN, "https://evil.example/api/sms/inbound"))),
    forgery("signed, then the sender changed", async (b) => ({
      ...withTwilioSignature(b, await twilioSignature(b)),
      body: (b.body as string).replace("From=%2B15550109999", "From=%2B15550108888"),
    })),
  ],
  refused: (answer) => answer.status === 403,
};

export const IDENTITIES: Record<IdentityKind, Identity> = {
  "provider-signed": providerSigned,
  "provider-link": providerLink,
  "listener-token": listenerToken,
  "artist-session": artistSession,
  "artist-page": artistPage,
  "collaborator-page": collaboratorPage,
  operator: operatorIdentity,
  "stripe-signed": stripeSigned,
  "twilio-signed": twilioSigned,
};
