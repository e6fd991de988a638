/**
 * The attacks every route of an identity kind gets (docs/decisions/091-the-attackers-suite.md), as
 * fast-check properties: forged credentials (with odd ids besides, or not); another tenant's own
 * working credential on the victim's ids; the rightful credential with odd ids in the path and the
 * body; malformed and oversized bodies. Each answer must be a refusal with not one write; the row
 * count of every D1 table and the R2 object count must be as they were after all of them. Last, each
 * rightful request itself must get past the identity check — so no attack passed only because the
 * request was wrong from the start.
 */
import { expect, it } from "vitest";
import fc from "fast-check";
import { bodyRuleFor } from "../../src/platform/limits";
import {
  type Answer,
  errorIn,
  exampleSeed,
  expectRefusedWithoutWrites,
  isCrossSiteRefusal,
  isJson,
  isNoRoute,
  malformedBody,
  MALFORMED_BODIES,
  notJson,
  oddId,
  propertyOptions,
  REFUSALS,
  send,
  settled,
  storedNow,
  withExamples,
} from "./attack-support";
import { credentialsUsedNow, freshCredentials, worldIds, type World } from "./attack-world";
import { type Built, type Forgery, harmlessEvent, IDENTITIES, type Identity } from "./identities";
import { type AppRoute, type IdentityKind, type RouteCase, routesOf } from "./route-cases";

const PARAM = /:([A-Za-z]+)(\{([^}]*)\})?/g;

/** A route's parameters: name, and the first value its pattern allows when it has one (`{audio|cover}` → audio). */
const paramsOf = (path: string) =>
  [...path.matchAll(PARAM)].map(([, name, , pattern]) => ({ name: name!, fixed: pattern ? pattern.split("|")[0] : undefined }));

function bodyOf(routeCase: RouteCase, world: World): Pick<Built, "body" | "contentType"> {
  if (routeCase.kind === "stripe-signed") return { body: harmlessEvent(), contentType: "application/json" };
  const body = routeCase.body?.(world);
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
  if (body instanceof URLSearchParams) return { body: body.toString(), contentType: "application/x-www-form-urlencoded" };
  return { body: JSON.stringify(body), contentType: "application/json" };
}

/** The rightful caller's request for `route`, before its credential. */
export function build(route: AppRoute, routeCase: RouteCase, world: World): Built {
  const ids = worldIds(world);
  const given = routeCase.params?.(world) ?? {};
  const params = Object.fromEntries(
    paramsOf(route.path).map(({ name, fixed }) => {
      const value = given[name] ?? fixed ?? ids.get(name);
      if (value === undefined) throw new Error(`${route.key}: no value for :${name} — give the case params, or the world an id of that name (attack-world.ts)`);
      return [name, value];
    }),
  );
  return { route, case: routeCase, params, query: routeCase.query ?? "", ...bodyOf(routeCase, world) };
}

/**
 * What the rightful caller's odd request may get: the refusals, and a conflict (409) — what it names
 * is not in a state for it (a song not in review, say). Forged credentials never get a 409.
 */
const REFUSALS_OF_THE_RIGHTFUL = [...REFUSALS, 409];

type Place = { param: string } | { field: string };

/** The places an odd id can go: the route's own id parameters (not the credential, not a fixed choice) and the body's id fields. */
function idPlaces(built: Built, identity: Identity): Place[] {
  const params = paramsOf(built.route.path)
    .filter(({ name, fixed }) => fixed === undefined && name !== identity.credentialParam)
    .map(({ name }) => ({ param: name }));
  const chosen = new Set(built.case.callersChoice?.names ?? []);
  return [...params, ...(built.case.idFields ?? []).map((field) => ({ field }))].filter((place) => !chosen.has("param" in place ? place.param : place.field));
}

function withOddId(built: Built, place: Place, value: string): Built {
  if ("param" in place) return { ...built, params: { ...built.params, [place.param]: value } };
  const body = JSON.parse(built.body as string) as Record<string, unknown>;
  return { ...built, body: JSON.stringify({ ...body, [place.field]: value }) };
}

/** Ids that name what one tenant owns (an artist's song, session, Stripe customer; a listener's receipt): another tenant's credential must not reach them. */
const TENANTS_THINGS = new Set(["songId", "artistId", "sessionId", "customerId", "listenerId", "receiptId"]);

const placeName = (place: Place) => ("param" in place ? `:${place.param}` : `body.${place.field}`);

/** Nothing JavaScript's built-in objects answer was changed by a body (`{"__proto__": …}`). */
function expectNoPrototypeChanged(label: string) {
  const plain = {} as Record<string, unknown>;
  expect({ label, polluted: plain.polluted, admin: plain.admin }).toEqual({ label, polluted: undefined, admin: undefined });
}

/** Whether the rightful request reached its route and was let in. */
function expectLetIn(answer: Answer, routeCase: RouteCase, identity: Identity, label: string) {
  const seen = { route: label, status: answer.status, answer: answer.text.slice(0, 300) };
  if (routeCase.ok) {
    expect(seen).toEqual({ ...seen, status: expect.toBeOneOf(routeCase.ok) });
    return;
  }
  expect({ ...seen, refusedByIdentity: identity.refused(answer), noRoute: isNoRoute(answer), serverError: answer.status >= 500 }).toEqual({
    ...seen,
    refusedByIdentity: false,
    noRoute: false,
    serverError: false,
  });
}

/** The answer of a call that authenticated, without the writes authenticating it made (the identity's own, e.g. a replay guard's). */
const beyondAuthentication = (answer: Answer, identity: Identity): Answer =>
  identity.authenticatedWrites ? { ...answer, writes: answer.writes.filter((write) => !identity.authenticatedWrites!.test(write)) } : answer;

/** Every attack on one route: each answer a refusal, with not one write. */
export async function attackRoute(route: AppRoute, routeCase: RouteCase, world: World): Promise<void> {
  const identity = IDENTITIES[routeCase.kind];
  await credentialsUsedNow(world);
  const built = build(route, routeCase, world);
  const places = idPlaces(built, identity);
  const oddPlace = places.length > 0 ? fc.option(fc.tuple(fc.constantFrom(...places), oddId), { nil: undefined }) : fc.constant(undefined);

  const forgeries = identity.forgeries(built);
  const fixed = forgeries.filter((candidate): candidate is Forgery => !(candidate instanceof fc.Arbitrary));
  const families = forgeries.filter((candidate): candidate is fc.Arbitrary<Forgery> => candidate instanceof fc.Arbitrary);
  // Every fixed forgery (each built-in name among them) on every run, and each family once, as it is with the run's seed.
  const examples: Array<[Forgery, [Place, string] | undefined]> = [
    ...fixed,
    ...families.map((family) => fc.sample(family, { numRuns: 1, seed: exampleSeed() })[0]!),
  ].map((forged) => [forged, undefined]);

  // Forged credentials, on the rightful request or with an odd id in it besides.
  await fc.assert(
    fc.asyncProperty(fc.oneof(...families, fc.constantFrom(...fixed)), oddPlace, async (forged, odd) => {
      const target = odd ? withOddId(built, odd[0], odd[1]) : built;
      const label = `${route.key} — ${forged.label}${odd ? `, ${placeName(odd[0])} ${JSON.stringify(odd[1].slice(0, 40))}` : ""}`;
      const answer = await send(await forged.apply(target, world));
      if (routeCase.anonymous) {
        const seen = { label, status: answer.status, body: answer.text, writes: answer.writes };
        expect(seen).toEqual({ ...seen, status: routeCase.anonymous.status, body: JSON.stringify(routeCase.anonymous.body), writes: [] });
        return;
      }
      expectRefusedWithoutWrites(answer, label);
      // The credential alone made the difference: the answer is the identity's own refusal (or, for a
      // change from another site, the cross-site one; or no route at all, for a path the odd token changed).
      const refusedByIdentity = identity.refused(answer) || isCrossSiteRefusal(answer) || isNoRoute(answer);
      if (!odd) expect({ label, refusedByIdentity, error: errorIn(answer) }).toMatchObject({ label, refusedByIdentity: true });
    }),
    withExamples(propertyOptions(12), examples),
  );

  // Another tenant's own working credential, on the victim's ids.
  const namesTenantsThings = places.some((place) => TENANTS_THINGS.has("param" in place ? place.param : place.field));
  const other =
    identity.otherTenant && (namesTenantsThings || routeCase.primaryOnly || routeCase.listenerHeld) ? await identity.otherTenant(built, world) : null;
  if (other)
    expectRefusedWithoutWrites(beyondAuthentication(await send(other), identity), `${route.key} — another tenant's own credential on the victim's ids`, [
      ...REFUSALS,
      ...(routeCase.emptyAnswers?.statuses ?? []),
    ]);

  // The rightful credential, with an odd id.
  if (places.length > 0) {
    const allowed = [...REFUSALS_OF_THE_RIGHTFUL, ...(routeCase.emptyAnswers?.statuses ?? [])];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...places), oddId, async (place, value) => {
        const answer = beyondAuthentication(await send(await identity.rightful(withOddId(built, place, value), world)), identity);
        expectRefusedWithoutWrites(answer, `${route.key} — rightful credential, ${placeName(place)} ${JSON.stringify(value.slice(0, 40))}`, allowed);
      }),
      propertyOptions(8),
    );
  }

  // The rightful credential, with a body that is not what the route reads, or too large. A route
  // whose rightful body is `{}` (every field optional) may read JSON of another shape, or no body,
  // as `{}`: it is sent only text that is not JSON.
  if (built.contentType === "application/json") {
    const takesEmpty = built.body === "{}";
    const bodies = takesEmpty ? MALFORMED_BODIES.filter((body) => !isJson(body) && body.trim() !== "") : MALFORMED_BODIES;
    await fc.assert(
      fc.asyncProperty(takesEmpty ? notJson : malformedBody, async (body) => {
        const label = `${route.key} — rightful credential, body ${JSON.stringify(body.slice(0, 60))}`;
        const answer = beyondAuthentication(await send(await identity.rightful({ ...built, body }, world)), identity);
        expectNoPrototypeChanged(label);
        expectRefusedWithoutWrites(answer, label, REFUSALS_OF_THE_RIGHTFUL);
      }),
      withExamples(
        propertyOptions(8),
        bodies.map((body): [string] => [body]),
      ),
    );
  }
  const rule = bodyRuleFor(route.path);
  if (built.body !== undefined && !rule.streamed) {
    const oversized = JSON.stringify({ padding: "x".repeat(rule.maxBytes) });
    const answer = beyondAuthentication(await send(await identity.rightful({ ...built, body: oversized, contentType: "application/json" }, world)), identity);
    expectRefusedWithoutWrites(answer, `${route.key} — rightful credential, a body of ${oversized.length} bytes`, [413]);
  }
}

/**
 * The rightful request gets past the identity check, with fresh credentials for the world's artists
 * (an earlier route's rightful request may have ended the session or replaced the link).
 */
export async function letInRightfully(route: AppRoute, routeCase: RouteCase, world: World): Promise<void> {
  if (world.artists)
    world.artists = { ...world.artists, victim: await freshCredentials(world.artists.victim), attacker: await freshCredentials(world.artists.attacker) };
  const identity = IDENTITIES[routeCase.kind];
  expectLetIn(await send(await identity.rightful(build(route, routeCase, world), world)), routeCase, identity, route.key);
}

/**
 * The tests of every route of `kind`: first every attack on each route (attackRoute), then the row
 * count of every D1 table and the R2 object count compared with theirs before the first attack, then
 * each route's rightful request (letInRightfully), which may write as it should. The world must be
 * quiet (attack-world.ts, quietWorld) and its artists' credentials left alone until the last attack.
 * `as` sends each route's requests another way its app answers them (the kept link's path).
 */
export function attackEveryRouteOf(kind: IdentityKind, world: World, as: (route: AppRoute) => AppRoute = (route) => route): void {
  const routes = routesOf(kind).map(({ route, case: routeCase }) => ({ route: as(route), case: routeCase }));
  let before: Awaited<ReturnType<typeof storedNow>> | undefined;
  it(`finds the ${kind} routes in the app`, async () => {
    expect(routes.length).toBeGreaterThan(0);
    before = await settled();
  });
  for (const { route, case: routeCase } of routes) {
    it(
      `${route.key}: forged credentials, another tenant's, odd ids, bad bodies — refused, nothing written`,
      () => attackRoute(route, routeCase, world),
      120_000,
    );
  }
  it(`after every attack on the ${kind} routes: every table's row count and the R2 object count as before`, async () => {
    expect(before).toBeDefined();
    expect(await storedNow()).toEqual(before);
  });
  for (const { route, case: routeCase } of routes) {
    it(`${route.key}: the rightful caller is let in`, () => letInRightfully(route, routeCase, world), 60_000);
  }
}
