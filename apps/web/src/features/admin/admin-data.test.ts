/**
 * What the admin screen derives from the loaded pages of the payments list: the Failed Payments rows, what Retry Selected and Charge All ask the server to charge, and the batch wait.
 */
import { describe, expect, test } from "vitest";
import type { AdminPaymentRecord, AdminSong, RetryBatchResponse } from "@jplay/schema/admin";
import { ADMIN_INITIAL_CHARGE_CENTS, ADMIN_RETRY_CENTS } from "@jplay/schema/pricing";
import { failedPaymentsView, initialCharge, retriesForSelection, songRows } from "./admin-data";
import { waitForBatch } from "./api/get-retry-batch";
import { resultDescription, startDescription } from "./use-run-charges";
import { formatCents } from "./admin-format";

const song = (id: string, title: string, status = "pending", processingPayment = false): AdminSong => ({ id, title, status, processingPayment });

function card(paymentMethodId: string, artistId: string, songs: AdminSong[], extra: Partial<AdminPaymentRecord> = {}): AdminPaymentRecord {
  return {
    paymentMethodId,
    artistId,
    artistName: `Artist ${artistId}`,
    artistPhone: `555000${artistId}`,
    cardBrand: "visa",
    last4: "4242",
    expMonth: 1,
    expYear: 2030,
    isDefault: true,
    hasSuccessfulPayment: true,
    songs,
    ...extra,
  };
}

// Artist 1 has two cards (the second is the default) listing the same songs.
const ann = [song("s1", "Morning Light"), song("s2", "Paid Song", "approved"), song("s3", "In Flight", "pending", true)];
const records = [
  card("pm_a", "1", ann, { isDefault: false, artistName: "Ann Lee", last4: "1111" }),
  card("pm_b", "1", ann, { artistName: "Ann Lee", last4: "2222" }),
  card("pm_c", "2", [song("s4", "Night Drive", "distributed")], { artistName: "Bo Diddly", last4: "0341" }),
  card("pm_d", "3", [], { artistName: "", artistPhone: "5559990000", hasSuccessfulPayment: false }),
];

describe("tables", () => {
  test("song rows list every song once, with the artist's default card", () => {
    const rows = songRows(records);
    expect(rows.map((row) => [row.song.id, row.record.paymentMethodId])).toEqual([
      ["s1", "pm_b"],
      ["s2", "pm_b"],
      ["s3", "pm_b"],
      ["s4", "pm_c"],
    ]);
  });

  test("Failed Payments: unpaid artists once, then pending and processing songs", () => {
    const view = failedPaymentsView(records);
    expect(view.unpaidArtists.map((record) => record.artistId)).toEqual(["3"]);
    expect(view.pendingSongs.map((row) => row.song.id)).toEqual(["s1", "s3"]);
  });
});

describe("charges", () => {
  test("Retry Selected charges each failed song of the selected cards once, at the retry amount, and leaves in-flight songs alone", () => {
    const charges = retriesForSelection(records, new Set(["pm_a", "pm_b", "pm_c"]));
    expect(charges.map((charge) => charge.request)).toEqual([{ paymentMethodId: "pm_a", artistId: "1", songId: "s1", amount: ADMIN_RETRY_CENTS }]);
    expect(charges[0]).toMatchObject({ songTitle: "Morning Light", artistName: "Ann Lee", last4: "1111", amountCents: 1049 });
    expect(formatCents(charges[0]!.amountCents)).toBe("$10.49");
  });

  test("a selection with nothing to retry plans nothing", () => {
    expect(retriesForSelection(records, new Set(["pm_c", "pm_d"]))).toEqual([]);
    expect(retriesForSelection(records, new Set())).toEqual([]);
  });

  test("an initial charge asks for the artist's $7.99 with songId null", () => {
    const charge = initialCharge(records[3]!);
    expect(charge.request).toEqual({ paymentMethodId: "pm_d", artistId: "3", songId: null, amount: ADMIN_INITIAL_CHARGE_CENTS });
    expect(formatCents(charge.amountCents)).toBe("$7.99");
  });

  test("toast texts", () => {
    expect(startDescription("retry", 3)).toBe("Attempting to retry 3 payment(s)...");
    expect(startDescription("initial", 2)).toBe("Attempting to charge 2 artist(s) $7.99 each...");
    expect(resultDescription({ succeeded: 1, failed: 2 }, 0)).toBe("1 successful, 2 failed");
  });
});

describe("waiting for a batch", () => {
  const batch = (pending: number, succeeded: number): RetryBatchResponse => ({
    batchId: "b1",
    summary: { succeeded, failed: 0 },
    pending,
    items: [],
  });

  test("asks until nothing is pending", async () => {
    const answers = [batch(1, 1), batch(0, 2)];
    const asked: string[] = [];
    const finished = await waitForBatch(batch(2, 0), {
      fetchBatch: async (id) => (asked.push(id), answers.shift()!),
      sleep: async () => {},
    });
    expect(asked).toEqual(["b1", "b1"]);
    expect(finished).toEqual(batch(0, 2));
  });

  test("does not ask when the batch had already finished", async () => {
    const finished = await waitForBatch(batch(0, 1), { fetchBatch: () => Promise.reject(new Error("asked")) });
    expect(finished.summary.succeeded).toBe(1);
  });

  test("stops at its time bound with what it knows", async () => {
    let clock = 0;
    let asked = 0;
    const last = await waitForBatch(batch(3, 0), {
      intervalMs: 1_000,
      timeoutMs: 5_000,
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
      fetchBatch: async () => (asked++, batch(3, 0)),
    });
    expect(asked).toBe(5);
    expect(last.pending).toBe(3);
  });
});
