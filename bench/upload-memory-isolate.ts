/**
 * Upload memory, the Worker's own share: the scenario of upload-memory.ts (concurrent 15 MB uploads)
 * while the Worker isolate's heap is read through the inspector (Runtime.getHeapUsage: JS heap plus
 * ArrayBuffer storage) every 10 ms. Under `wrangler dev` the workerd process that upload-memory.ts
 * measures also runs the local R2 simulator and collects garbage lazily, so its RSS mixes in memory
 * that is not the Worker's; this figure is the Worker's alone. (Memory workerd holds outside V8, e.g.
 * the Blobs `formData()` makes, is not in it.)
 *
 *   node bench/upload-memory-isolate.ts [--uploads 4] [--bytes 15000000]
 */
import { freePort } from "../scripts/local-server.ts";
import { numberFlag } from "./lib/args.ts";
import { ArtistClient, mp3Bytes } from "./lib/artist-client.ts";
import { connectInspector } from "./lib/inspector.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";

const uploads = numberFlag("uploads", 4);
const bytes = numberFlag("bytes", 15_000_000);
const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);
const inspectorPort = await freePort();

await withSession(
  async ({ server }) => {
    const inspector = await connectInspector(inspectorPort);
    try {
      const artists = await Promise.all(
        Array.from({ length: uploads }, async (_, i) => {
          const client = new ArtistClient(server.baseURL);
          const { customerId } = await client.saveCard(`+1555020${String(1000 + i).slice(-4)}`);
          return { client, customerId };
        }),
      );
      const song = mp3Bytes(bytes);
      const forms = artists.map(({ customerId }, i) => {
        const form = new FormData();
        form.set("customerId", customerId);
        form.set("artistName", `Bench Artist ${i + 1}`);
        form.set("songTitle", `Bench Upload ${i + 1}`);
        form.set("explicit", "no");
        form.set("price", "1.99");
        form.set("songFile", new File([song], `upload-${i + 1}.mp3`, { type: "audio/mpeg" }));
        return form;
      });

      await new Promise((r) => setTimeout(r, 2_000));
      const before = await inspector.heapBytes();
      let peak = before;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await inspector.heapBytes());
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const answers = await Promise.all(artists.map(({ client }, i) => client.fetch("/api/distribute", { method: "POST", body: forms[i] })));
      sampling = false;
      await sampler;
      for (const answer of answers) if (answer.status !== 201) throw new Error(`upload refused: ${answer.status} ${(await answer.text()).slice(0, 200)}`);

      printTable(
        `Upload memory, Worker isolate only: ${uploads} concurrent uploads of ${mib(bytes)} MiB`,
        ["figure", "value"],
        [
          ["bytes uploaded, MiB", mib(bytes * uploads)],
          ["isolate heap + buffers before, MiB", mib(before)],
          ["isolate heap + buffers peak, MiB", mib(peak)],
          ["peak growth per upload, MiB", mib((peak - before) / uploads)],
          ["peak growth ÷ bytes uploaded", ((peak - before) / (bytes * uploads)).toFixed(3)],
        ],
      );
    } finally {
      inspector.close();
    }
  },
  { wranglerArgs: ["--inspector-port", String(inspectorPort)] },
);
