/**
 * Upload memory: four artists (each with a saved sandbox card) upload a 15 MB MP3 at the same time;
 * workerd's resident memory (/proc VmRSS) is sampled every 10 ms. Figures: RSS before, peak during,
 * after, and the peak growth ÷ bytes uploaded (≈ 0 when uploads stream to R2, ≈ 1+ when each body is
 * buffered whole). Every upload must be accepted (201 with an id).
 *
 *   node bench/upload-memory.ts [--uploads 4] [--bytes 15000000]
 */
import { numberFlag } from "./lib/args.ts";
import { ArtistClient, mp3Bytes } from "./lib/artist-client.ts";
import { findWorkerd, rssBytes } from "./lib/proc.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";

const uploads = numberFlag("uploads", 4);
const bytes = numberFlag("bytes", 15_000_000);
const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);

await withSession(async ({ server }) => {
  const workerd = findWorkerd(server.pid);
  const artists = await Promise.all(
    Array.from({ length: uploads }, async (_, i) => {
      const client = new ArtistClient(server.baseURL);
      const { customerId } = await client.saveCard(`+1555010${String(1000 + i).slice(-4)}`);
      return { client, customerId };
    }),
  );
  const song = mp3Bytes(bytes);
  const forms = artists.map(({ customerId }, i) => {
    const form = new FormData();
    form.set("artistName", `Bench Artist ${i + 1}`);
    form.set("songTitle", `Bench Upload ${i + 1}`);
    form.set("explicit", "no");
    form.set("price", "1.99");
    form.set("customerId", customerId);
    form.set("songFile", new File([song], `upload-${i + 1}.mp3`, { type: "audio/mpeg" }));
    return form;
  });

  await new Promise((r) => setTimeout(r, 2_000)); // let start-up garbage settle
  const before = rssBytes(workerd);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(workerd))), 10);
  const started = performance.now();
  const answers = await Promise.all(artists.map(({ client }, i) => client.fetch("/api/distribute", { method: "POST", body: forms[i] })));
  const wallMs = performance.now() - started;
  const bodies = await Promise.all(answers.map(async (a) => ({ status: a.status, body: await a.text() })));
  clearInterval(sampler);
  const after = rssBytes(workerd);
  for (const { status, body } of bodies) if (status !== 201 || !JSON.parse(body).id) throw new Error(`upload refused: ${status} ${body.slice(0, 200)}`);

  const uploaded = bytes * uploads;
  printTable(
    `Upload memory: ${uploads} concurrent uploads of ${mib(bytes)} MiB (workerd pid ${workerd})`,
    ["figure", "value"],
    [
      ["bytes uploaded, MiB", mib(uploaded)],
      ["workerd RSS before, MiB", mib(before)],
      ["workerd RSS peak during, MiB", mib(peak)],
      ["workerd RSS after, MiB", mib(after)],
      ["peak growth ÷ bytes uploaded", ((peak - before) / uploaded).toFixed(3)],
      ["wall time for all uploads, s", (wallMs / 1000).toFixed(1)],
    ],
  );
});
