/**
 * The read cache's rules (docs/product.md, Calls): a read is made once and never again on its own, a
 * failed read waits for the person's Try again, a read made again keeps its last answer meanwhile,
 * and a late answer never overwrites a newer one.
 */
import { expect, test } from "vitest";
import { forgetReads, invalidateReads, readData, seedReads, startRead } from "./read-cache";

/** A fetcher whose answers the test hands out one at a time. */
function manual<T>() {
  const waiting: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  let calls = 0;
  const fetcher = () => {
    calls++;
    return new Promise<T>((resolve, reject) => waiting.push({ resolve, reject }));
  };
  return { fetcher, calls: () => calls, answer: (value: T) => waiting.shift()!.resolve(value), fail: (error: unknown) => waiting.shift()!.reject(error) };
}

test("a read is made once: a second start while it loads, or after it answered, asks nothing", async () => {
  const read = manual<string>();
  const first = startRead("t1/a", read.fetcher);
  void startRead("t1/a", read.fetcher);
  read.answer("one");
  await first;
  await startRead("t1/a", read.fetcher);
  expect(read.calls()).toBe(1);
  expect(readData("t1/a")).toBe("one");
});

test("a read made again keeps its last answer until the new one arrives; a failure keeps it too", async () => {
  const read = manual<string>();
  const first = startRead("t2/a", read.fetcher);
  read.answer("old");
  await first;
  const again = startRead("t2/a", read.fetcher, true);
  expect(readData("t2/a")).toBe("old");
  read.answer("new");
  await again;
  expect(readData("t2/a")).toBe("new");
  const failed = startRead("t2/a", read.fetcher, true);
  read.fail(new Error("503: Service Unavailable"));
  await failed;
  expect(readData("t2/a")).toBe("new");
});

test("a failed read is not made again unless forced (the person's Try again)", async () => {
  const read = manual<string>();
  const first = startRead("t3/a", read.fetcher);
  read.fail(new Error("offline"));
  await first;
  await startRead("t3/a", read.fetcher);
  expect(read.calls()).toBe(1);
  const retried = startRead("t3/a", read.fetcher, true);
  read.answer("back");
  await retried;
  expect(readData("t3/a")).toBe("back");
});

test("invalidation and forgetting reach the reads under the prefix only; a forgotten read is made again", async () => {
  seedReads(
    new Map<string, unknown>([
      ["t5/songs/1", "a"],
      ["t5/songs/2", "b"],
      ["t5/songsx", "c"],
      ["t5/me", "d"],
    ]),
  );
  await invalidateReads("t5/songs/");
  expect([readData("t5/songs/1"), readData("t5/songs/2"), readData("t5/songsx"), readData("t5/me")]).toEqual([undefined, undefined, "c", "d"]);
  forgetReads("t5/");
  expect(readData("t5/me")).toBeUndefined();
  const read = manual<string>();
  const again = startRead("t5/me", read.fetcher);
  read.answer("e");
  await again;
  expect(readData("t5/me")).toBe("e");
  expect(read.calls()).toBe(1);
});
