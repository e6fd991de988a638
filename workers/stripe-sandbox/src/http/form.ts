/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` bodies (and query strings for GET)
 * with nested keys (`a[b][c]=`), arrays as `x[]=` or `x[0]=` (the SDK sends indices), and typed
 * readers that answer Stripe's parameter errors (missing, unknown, wrong type).
 */
import type Stripe from "stripe";
import { invalidRequest, parameterInvalid, parameterMissing, parameterUnknown, validationFailure } from "./errors";

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][]` → ["a", "b", ""]; a key Stripe would not parse stays one segment. */
function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...rest];
}

const isObject = (value: FormValue | undefined): value is FormObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Objects keyed 0..n-1 become arrays (the SDK's `expand[0]=`), except inside metadata. */
function arrayify(value: FormValue, key: string): FormValue {
  if (Array.isArray(value)) return value.map((v) => arrayify(v, ""));
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  if (key !== "metadata" && keys.length > 0 && keys.every((k, i) => k === String(i))) {
    return keys.map((k) => arrayify(value[k]!, ""));
  }
  const out: FormObject = {};
  for (const k of keys) out[k] = arrayify(value[k]!, k);
  return out;
}

export function decodeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = splitKey(key);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const nextIsPush = path[i + 1] === "";
      if (Array.isArray(node)) {
        // Only `x[]` reaches an array: append a new element.
        if (segment !== "") throw validationFailure(invalidRequest(`Invalid array: ${key}`, { param: key }));
        if (last) {
          node.push(value);
          break;
        }
        const child: FormObject | FormValue[] = nextIsPush ? [] : {};
        node.push(child);
        node = child;
        continue;
      }
      if (segment === "") throw validationFailure(invalidRequest(`Invalid array: ${key}`, { param: key }));
      if (last) {
        if (node[segment] !== undefined && typeof node[segment] !== "string") throw validationFailure(invalidRequest(`Invalid hash: ${key}`, { param: key }));
        node[segment] = value;
        break;
      }
      const existing: FormValue | undefined = node[segment];
      if (existing === undefined) {
        const child: FormObject | FormValue[] = nextIsPush ? [] : {};
        node[segment] = child;
        node = child;
      } else if (typeof existing === "string" || Array.isArray(existing) !== nextIsPush) {
        throw validationFailure(invalidRequest(`Invalid hash: ${key}`, { param: key }));
      } else {
        node = existing;
      }
    }
  }
  return arrayify(root, "") as FormObject;
}

/**
 * A form body as text, read as bytes: workerd warns when `.text()` meets a form content type,
 * and Hono caches the bytes for every later reader of the same request.
 */
export async function bodyText(body: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<string> {
  return new TextDecoder().decode(await body.arrayBuffer());
}

/** Typed access to decoded parameters; names in errors are Stripe's (`card[number]`). */
export interface Range {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

/** The bounds of a range filter, checked against the SDK's type for them. */
const RANGE_BOUNDS = ["gt", "gte", "lt", "lte"] as const satisfies readonly (keyof Stripe.RangeQueryParam)[];

export class Params {
  constructor(
    readonly raw: FormObject,
    private readonly prefix = "",
  ) {}

  static fromForm(text: string): Params {
    return new Params(decodeForm(text));
  }

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  /** Stripe refuses parameters an endpoint does not know; so does the sandbox. */
  allowOnly(keys: readonly string[]): this {
    for (const key of Object.keys(this.raw)) if (!keys.includes(key)) throw parameterUnknown(this.name(key));
    return this;
  }

  string(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw parameterInvalid(this.name(key), `Invalid string: ${JSON.stringify(value)}`);
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === "") throw parameterMissing(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw parameterInvalid(this.name(key), `Invalid ${this.name(key)}: must be one of ${allowed.join(", ")}`);
    }
    return value as T;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw parameterInvalid(this.name(key), `Invalid integer: ${value}`, "parameter_invalid_integer");
    }
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== "true" && value !== "false") throw parameterInvalid(this.name(key), `Invalid boolean: ${value}`);
    return value === "true";
  }

  object(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === "") return undefined;
    if (!isObject(value)) throw parameterInvalid(this.name(key), `Invalid object`);
    return new Params(value, this.name(key));
  }

  /**
   * Stripe's range filter (`created=<t>` or `created[gt|gte|lt|lte]=<t>`), as
   * https://docs.stripe.com/api/events/list documents `created`.
   */
  range(key: string): Range | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value === "string") {
      const exact = this.integer(key)!;
      return { gte: exact, lte: exact };
    }
    const bounds = this.object(key)!.allowOnly(RANGE_BOUNDS);
    const range: Range = {};
    for (const bound of RANGE_BOUNDS) {
      const given = bounds.integer(bound);
      if (given !== undefined) range[bound] = given;
    }
    return range;
  }

  strings(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((v): v is string => typeof v === "string")) throw parameterInvalid(this.name(key), `Invalid array`);
    return list;
  }

  /** `metadata[k]=v` sets, `metadata[k]=` deletes a key, `metadata=` clears (Stripe's rules). */
  metadata(key = "metadata"): { clear: boolean; set: Record<string, string>; unset: string[] } | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === "") return { clear: true, set: {}, unset: [] };
    if (!isObject(value)) throw parameterInvalid(this.name(key), "Invalid hash");
    const set: Record<string, string> = {};
    const unset: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== "string") throw parameterInvalid(`${this.name(key)}[${k}]`, `Invalid string: ${JSON.stringify(v)}`);
      if (k.length > 40) throw parameterInvalid(`${this.name(key)}[${k}]`, "Metadata keys can be at most 40 characters.");
      if (v.length > 500) throw parameterInvalid(`${this.name(key)}[${k}]`, "Metadata values can be at most 500 characters.");
      if (v === "") unset.push(k);
      else set[k] = v;
    }
    if (Object.keys(set).length > 50) throw parameterInvalid(this.name(key), "Metadata can have at most 50 keys.");
    return { clear: false, set, unset };
  }

  expand(): string[] {
    return this.strings("expand") ?? [];
  }
}

/** Applies a metadata parameter to existing metadata (empty on create). */
export function applyMetadata(current: Record<string, string>, change: ReturnType<Params["metadata"]>): Record<string, string> {
  if (!change) return current;
  const next: Record<string, string> = change.clear ? {} : { ...current };
  for (const key of change.unset) delete next[key];
  return { ...next, ...change.set };
}
