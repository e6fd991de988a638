import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { earlyTaps } from "./early-taps-plugin.ts";
import { leanValibot } from "./lean-valibot-plugin.ts";
import { serviceWorker } from "./service-worker-plugin.ts";
import { startChunk } from "./start-chunk.ts";

export default defineConfig({
  plugins: [leanValibot(), react(), tailwindcss(), serviceWorker(), earlyTaps()],
  resolve: {
    alias: { "@": new URL("./src", import.meta.url).pathname },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: [startChunk] } } },
  },
  server: {
    // `vite` alone (without the Worker) forwards API calls to a local `wrangler dev` on its default port.
    proxy: { "/api": "http://127.0.0.1:8787" },
  },
});
