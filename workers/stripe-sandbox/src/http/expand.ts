/**
 * Stripe's `expand[]`: an id field replaced by the object it names, dotted paths for nested fields
 * (`latest_charge.payment_method`) and `data.` for lists. https://docs.stripe.com/expand
 */
import { type BalanceTransaction, withCurrentStatus } from "../money/balance";
import { invoiceConfirmationSecret } from "../billing/billing";
import { sandboxNow } from "../store/clock";
import { invalidRequest } from "./errors";
import type { SandboxStore, StoredObject } from "../store/store";

const MAX_DEPTH = 4;

/** Fields Stripe leaves out unless expanded (`includable`), computed from the sandbox's state. */
const INCLUDABLE: Record<string, (store: SandboxStore, record: Record<string, unknown>) => Promise<unknown>> = {
  "invoice.confirmation_secret": (store, invoice) => invoiceConfirmationSecret({ store }, invoice.id as string),
};

/** Objects whose stored form is not what Stripe shows now (a balance transaction's `status` follows the clock). */
const PRESENT: Record<string, (store: SandboxStore, object: StoredObject) => Promise<StoredObject>> = {
  balance_transaction: async (store, transaction) => withCurrentStatus(transaction as unknown as BalanceTransaction, await sandboxNow(store.db)),
};

const cannotExpand = (path: string) => invalidRequest(`This property cannot be expanded (${path}).`, { param: "expand" });

async function expandPath(store: SandboxStore, node: unknown, segments: string[], path: string): Promise<void> {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) await expandPath(store, item, segments, path);
    return;
  }
  const [head, ...rest] = segments;
  if (!head) return;
  const record = node as Record<string, unknown>;
  if (!(head in record)) {
    const include = INCLUDABLE[`${String(record.object)}.${head}`];
    if (!include) throw cannotExpand(path);
    record[head] = await include(store, record);
    if (rest.length === 0) return;
  }
  let child = record[head];
  if (typeof child === "string") {
    const stored = await store.get<StoredObject>(child);
    if (!stored || stored.object.startsWith("sandbox.")) throw cannotExpand(path);
    const found = (await PRESENT[stored.object]?.(store, stored)) ?? stored;
    record[head] = found;
    child = found;
  } else if (rest.length === 0 && child !== null && (typeof child !== "object" || !("object" in child))) {
    throw cannotExpand(path);
  }
  if (rest.length > 0) await expandPath(store, child, rest, path);
}

/** Expands `body` in place (a fresh answer, never a stored object) and returns it. */
export async function expand<T>(store: SandboxStore, body: T, paths: readonly string[]): Promise<T> {
  for (const path of paths) {
    const segments = path.split(".");
    if (segments.length > MAX_DEPTH) throw invalidRequest(`You cannot expand more than ${MAX_DEPTH} levels of a property.`, { param: "expand" });
    await expandPath(store, body, segments, path);
  }
  return body;
}
