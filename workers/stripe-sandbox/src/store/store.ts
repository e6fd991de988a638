/**
 * The sandbox's persistence: Stripe objects as JSON rows in `sandbox_objects` (D1 is the only
 * durable store a Worker has). Writes of one request are buffered and committed in one D1 batch,
 * so a request's changes (intent, charge, events) land together or not at all, as on Stripe.
 * Objects a request mutates are locked against concurrent requests, like Stripe's object locks.
 */
import { invalidRequest, lockTimeout, resourceMissing } from "../http/errors";
import type { Range } from "../http/form";

export interface StoredObject {
  id: string;
  object: string;
}

export interface Page {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

export interface PageResult<T> {
  data: T[];
  hasMore: boolean;
}

/** `json_extract` paths come from code, never from requests; this keeps it that way. */
const jsonPath = (field: string) => {
  if (!/^[a-z_]+(\.[a-z_]+)*$/.test(field)) throw new Error(`Unsupported filter field ${field}`);
  return `$.${field}`;
};

const LOCK_STALE_MS = 30_000;
const LOCK_ATTEMPTS = 10;
const LOCK_RETRY_MS = 50;

export class SandboxStore {
  private readonly pending = new Map<string, StoredObject>();
  private readonly staged: D1PreparedStatement[] = [];
  private readonly locks = new Set<string>();
  private readonly beforeCommitHooks: (() => Promise<void>)[] = [];
  /** Constraint names the staged statements may break, and the API error each stands for. */
  private readonly guards = new Map<string, () => Error>();

  constructor(readonly db: D1Database) {}

  /** Runs `hook` at the start of every commit, while it can still buffer writes (events' routing, context.ts). */
  beforeCommit(hook: () => Promise<void>): void {
    this.beforeCommitHooks.push(hook);
  }

  /** An object by id (this request's uncommitted version first); `object` narrows the type. */
  async get<T extends StoredObject>(id: string, object?: string): Promise<T | null> {
    const buffered = this.pending.get(id);
    if (buffered) return object && buffered.object !== object ? null : (structuredClone(buffered) as T);
    const row = await this.db.prepare("SELECT object, data FROM sandbox_objects WHERE id = ?").bind(id).first<{ object: string; data: string }>();
    if (!row || (object && row.object !== object)) return null;
    return JSON.parse(row.data) as T;
  }

  /** Like `get`, answering Stripe's resource_missing error when absent. */
  async require<T extends StoredObject>(object: string, id: string, label: string, param = "id"): Promise<T> {
    const found = await this.get<T>(id, object);
    if (!found) throw resourceMissing(label, id, param);
    return found;
  }

  /** Buffers a write; `commit` applies all of them in the order they were first written. */
  put<T extends StoredObject>(value: T): void {
    this.pending.set(value.id, structuredClone(value));
  }

  /**
   * Buffers a statement that cannot be a whole-object write (an atomic increment of a running total,
   * balance.ts), to run in the same batch as the writes.
   */
  stage(statement: D1PreparedStatement): void {
    this.staged.push(statement);
  }

  /**
   * Stages a statement that fails on the named constraint when the request must not commit (the
   * balance a concurrent request spent, balance.ts): the whole batch rolls back and the request
   * answers `refusal()`.
   */
  stageGuard(statement: D1PreparedStatement, constraint: string, refusal: () => Error): void {
    this.staged.push(statement);
    this.guards.set(constraint, refusal);
  }

  /** Applies the buffered writes, staged statements and `alongside` (e.g. the idempotent answer) in one batch. */
  async commit(alongside: D1PreparedStatement[] = []): Promise<void> {
    for (const hook of this.beforeCommitHooks) await hook();
    if (this.pending.size === 0 && this.staged.length === 0 && alongside.length === 0) return;
    const statement = this.db.prepare("INSERT INTO sandbox_objects (id, object, data) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data");
    try {
      await this.db.batch([...[...this.pending.values()].map((o) => statement.bind(o.id, o.object, JSON.stringify(o))), ...this.staged, ...alongside]);
    } catch (error) {
      for (const [constraint, refusal] of this.guards) if (String(error).includes(`CHECK constraint failed: ${constraint}`)) throw refusal();
      throw error;
    }
    this.pending.clear();
    this.staged.length = 0;
  }

  /** Newest first, Stripe's cursor pagination (`starting_after` / `ending_before`). */
  /** `filters`: field → value (equality), values (any of them), a numeric range, or null (absent). */
  async list<T extends StoredObject>(
    object: string,
    filters: Record<string, string | number | readonly string[] | Range | null>,
    page: Page,
  ): Promise<PageResult<T>> {
    const where = ["object = ?"];
    const binds: (string | number)[] = [object];
    const operators = { gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;
    for (const [field, value] of Object.entries(filters)) {
      if (value === null) {
        where.push("json_extract(data, ?) IS NULL");
        binds.push(jsonPath(field));
      } else if (typeof value === "object" && !Array.isArray(value)) {
        for (const [bound, limit] of Object.entries(value as Range)) {
          where.push(`json_extract(data, ?) ${operators[bound as keyof Range]} ?`);
          binds.push(jsonPath(field), limit as number);
        }
      } else if (typeof value === "object") {
        where.push(`json_extract(data, ?) IN (${value.map(() => "?").join(", ") || "NULL"})`);
        binds.push(jsonPath(field), ...(value as readonly string[]));
      } else {
        where.push("json_extract(data, ?) = ?");
        binds.push(jsonPath(field), value);
      }
    }
    const cursor = page.startingAfter ?? page.endingBefore;
    if (cursor) {
      const anchor = await this.db.prepare("SELECT rowid AS n FROM sandbox_objects WHERE id = ? AND object = ?").bind(cursor, object).first<{ n: number }>();
      if (!anchor) throw resourceMissing(object.replaceAll("_", " "), cursor, page.startingAfter ? "starting_after" : "ending_before");
      where.push(page.startingAfter ? "rowid < ?" : "rowid > ?");
      binds.push(anchor.n);
    }
    const order = page.endingBefore ? "ASC" : "DESC";
    const { results } = await this.db
      .prepare(`SELECT data FROM sandbox_objects WHERE ${where.join(" AND ")} ORDER BY rowid ${order} LIMIT ?`)
      .bind(...binds, page.limit + 1)
      .all<{ data: string }>();
    const rows = results.slice(0, page.limit).map((r) => JSON.parse(r.data) as T);
    if (page.endingBefore) rows.reverse();
    return { data: rows, hasMore: results.length > page.limit };
  }

  /** Holds `id` for this request; a concurrent request waits briefly, then gets lock_timeout (429). */
  async lock(id: string): Promise<void> {
    if (this.locks.has(id)) return;
    const lockId = `lock_${id}`;
    for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
      const claimed = await this.db
        .prepare("INSERT INTO sandbox_objects (id, object, data) VALUES (?, 'sandbox.lock', '{}') ON CONFLICT(id) DO NOTHING RETURNING id")
        .bind(lockId)
        .first();
      if (claimed) {
        this.locks.add(id);
        return;
      }
      // A lock left behind by a request that died is released after a while.
      await this.db
        .prepare("DELETE FROM sandbox_objects WHERE id = ? AND created_at < ?")
        .bind(lockId, Date.now() - LOCK_STALE_MS)
        .run();
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    throw lockTimeout();
  }

  async releaseLocks(): Promise<void> {
    if (this.locks.size === 0) return;
    const statement = this.db.prepare("DELETE FROM sandbox_objects WHERE id = ? AND object = 'sandbox.lock'");
    await this.db.batch([...this.locks].map((id) => statement.bind(`lock_${id}`)));
    this.locks.clear();
  }
}

/** Stripe's `limit` (1–100, default 10) and cursors, read from list parameters. */
export function readPage(params: { integer(key: string): number | undefined; string(key: string): string | undefined }): Page {
  const limit = params.integer("limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest("Invalid limit: must be between 1 and 100", { param: "limit", code: "parameter_invalid_integer" });
  const startingAfter = params.string("starting_after");
  const endingBefore = params.string("ending_before");
  if (startingAfter && endingBefore)
    throw invalidRequest("You may only specify one of these parameters: ending_before, starting_after.", { param: "ending_before" });
  return { limit, ...(startingAfter ? { startingAfter } : {}), ...(endingBefore ? { endingBefore } : {}) };
}
