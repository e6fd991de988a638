/**
 * Helpers for the receipts tests: signed provider calls (from either enrolled provider, or one a test
 * enrols for itself), listeners moved between providers, songs with an ISRC, and every table's row count.
 */
import { env, exports } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import type { TransferCodeAnswer } from "@jplay/schema/receipts";
import worker from "../src/index";
import { signProviderRequest } from "../src/provider/provider-signature";
import { resendTimestamp } from "./provider-signing";
import { insertArtist, insertSong } from "./song-fixtures";

export const PRIMARY_SECRET = env.PROVIDER_WEBHOOK_SECRET!;
export const SECOND_PROVIDER = "second-vendor";
export const SECOND_SECRET = (JSON.parse(env.PROVIDER_SECRETS!) as Record<string, string>)[SECOND_PROVIDER]!;

/** An opaque listener id as a provider makes one: a random UUID. */
export const newListenerId = () => crypto.randomUUID();

export interface Caller {
  /** The provider id sent in X-JPlay-Provider; none for the primary provider. */
  provider?: string;
  secret?: string;
  /** Another env (a rotated key, no key): the Worker is called directly with it. */
  env?: Env;
}

/**
 * A signed call to the provider API, as the provider makes it: signature v2 over the method, path and
 * query, the provider it names ("primary" when none) and the body. `signedAs` signs another call than
 * the one sent (another path, method or provider); `timestamp` dates it.
 */
export async function providerCall(
  method: "GET" | "POST",
  path: string,
  body: unknown,
  caller: Caller = {},
  options: { signedAs?: { method?: string; path?: string; provider?: string }; timestamp?: number; rawBody?: string } = {},
): Promise<Response> {
  const rawBody = method === "POST" ? (options.rawBody ?? JSON.stringify(body)) : undefined;
  const timestamp = String(options.timestamp ?? resendTimestamp(`${method} ${path} ${caller.provider ?? ""} ${rawBody ?? ""}`));
  const secret = caller.secret ?? (caller.provider === SECOND_PROVIDER ? SECOND_SECRET : PRIMARY_SECRET);
  const signature = await signProviderRequest(secret, timestamp, {
    method: options.signedAs?.method ?? method,
    pathAndQuery: options.signedAs?.path ?? path,
    providerId: options.signedAs?.provider ?? caller.provider ?? "primary",
    body: rawBody ?? "",
  });
  const headers: Record<string, string> = { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature };
  if (rawBody) headers["Content-Type"] = "application/json";
  if (caller.provider) headers["X-JPlay-Provider"] = caller.provider;
  const request = new Request(`http://jplay.test${path}`, { method, headers, body: rawBody });
  return caller.env ? worker.fetch(request, caller.env, createExecutionContext()) : exports.default.fetch(request);
}

/** Opens a listener session as the provider does and answers its token (the tablet is opened with it). */
export async function openListenerSession(listenerId: string, caller: Caller = {}, body: unknown = {}): Promise<string> {
  const response = await providerCall("POST", `/api/provider/listeners/${listenerId}/sessions`, body, caller);
  if (response.status !== 201) throw new Error(`Opening a listener session answered ${response.status}: ${await response.text()}`);
  return (await response.json<{ token: string }>()).token;
}

let isrcSequence = 0;
/** A live song with an ISRC of its own. */
export async function liveSongWithIsrc(priceCents = 199): Promise<{ artistId: string; songId: string; isrc: string }> {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId, status: "distributed", package: "expedited", priceCents });
  const isrc = `ZZRCP${String(Date.now() % 10_000).padStart(4, "0")}${String(++isrcSequence % 1000).padStart(3, "0")}`;
  await env.DB.prepare("update songs set isrc = ?1 where id = ?2").bind(isrc, songId).run();
  return { artistId, songId, isrc };
}

export interface ListenerPurchase {
  purchaseId: string;
  songId: string;
  priceCents: number;
  purchasedAt: string;
  listenerId?: string;
  deviceId?: string;
  facilityId?: string;
}

export const listenerPurchase = (songId: string, listenerId: string, extra: Partial<ListenerPurchase> = {}): ListenerPurchase => ({
  purchaseId: `pur-${crypto.randomUUID()}`,
  songId,
  priceCents: 199,
  purchasedAt: new Date(Date.now() - 60_000).toISOString(),
  listenerId,
  deviceId: "tablet-0042",
  ...extra,
});

export async function errorOf(response: Response) {
  return { status: response.status, ...(await response.json<{ error: { code: string; message: string } }>()).error };
}

/** Rows in every table: what a refused call must leave as it was. */
export async function rowCounts(): Promise<Record<string, number>> {
  // provider_signatures is the replay guard's own record: every authenticated POST is written there
  // before its route runs, so that a refused call cannot be replayed either.
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'provider_signatures' order by name",
  ).all<{ name: string }>();
  const counts = await env.DB.batch(results.map(({ name }) => env.DB.prepare(`select count(*) as n from "${name}"`)));
  return Object.fromEntries(results.map(({ name }, index) => [name, (counts[index]!.results[0] as { n: number }).n]));
}

/**
 * A provider enrolled for one test alone: its own id and secret in PROVIDER_SECRETS, beside the second
 * one, and `settings` (a daily cap, say), through an env of its own that every call of it is made with.
 */
export function enrolledProvider(settings: Partial<Env> = {}): Caller & { provider: string; env: Env } {
  const provider = `p-${crypto.randomUUID().slice(0, 8)}`;
  const secret = `${crypto.randomUUID()}${crypto.randomUUID()}`;
  const secrets = { ...(JSON.parse(env.PROVIDER_SECRETS!) as Record<string, string>), [provider]: secret };
  return { provider, secret, env: { ...env, PROVIDER_SECRETS: JSON.stringify(secrets), ...settings } };
}

/** A transfer code for `listenerId` from the provider holding them (201). */
export async function transferCode(listenerId: string, holder: Caller = {}): Promise<TransferCodeAnswer> {
  const issued = await providerCall("POST", "/api/provider/transfer-codes", { listenerId }, holder);
  expect(issued.status).toBe(201);
  return issued.json<TransferCodeAnswer>();
}

/** Moves a listener as providers do: the holder asks for a transfer code, the new provider redeems it. */
export async function transferListener(listenerId: string, from: Caller, to: Caller): Promise<void> {
  const { code } = await transferCode(listenerId, from);
  const moved = await providerCall("POST", "/api/provider/listener-transfers", { listenerId, code }, to);
  expect(moved.status).toBe(200);
}
