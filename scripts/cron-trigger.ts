/**
 * Runs one of the Worker's Cron Triggers now on a local server (`pnpm dev`, the tests' and benchmarks'
 * throw-away servers), through Miniflare's own `/cdn-cgi/handler/scheduled` route: every local server
 * has it, bundled by wrangler or served from a bundle, with no `--test-scheduled`.
 */

/**
 * Runs `cron` on `baseURL`'s Worker, as Cloudflare's trigger would at `time` (epoch ms; now if left
 * out), and answers once the run has ended: 200 "ok", or 500 with its outcome if the handler threw.
 */
export function cronTrigger(baseURL: string, cron: string, time?: number): Promise<Response> {
  const query = new URLSearchParams({ cron, ...(time === undefined ? {} : { time: String(time) }) });
  return fetch(`${baseURL}/cdn-cgi/handler/scheduled?${query}`);
}
