/**
 * Which test world a runtime is in. A runtime (one per worker slot) runs its test files one after
 * another; `resetWorld()` (reset-world.ts) starts a new world before each. Jobs carry the world they
 * were sent in (world-entry.ts), so a job a previous file left behind — a retry, a delayed delivery —
 * is dropped rather than run against the next file's rows.
 *
 * Kept on globalThis: the test file's modules and the Worker entry's are not always one instance.
 */
const WORLD = Symbol.for("jplay.test-world");

type WorldHolder = { [WORLD]?: number };

export const currentWorld = (): number => (globalThis as WorldHolder)[WORLD] ?? 0;

export function startNextWorld(): number {
  const next = currentWorld() + 1;
  (globalThis as WorldHolder)[WORLD] = next;
  return next;
}

/** The message field that carries the world a job was sent in. */
export const WORLD_FIELD = "__testWorld";
