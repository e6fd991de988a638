/**
 * The Worker isolate's V8 inspector under `wrangler dev --inspector-port`: the heap in use
 * (upload-memory-isolate.ts) and CPU profiles of the isolate alone (worker-cpu.ts), apart from the
 * local simulators that share the workerd process. Wrangler's inspector proxy accepts local origins only.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}

/** A V8 CPU profile (Profiler.stop): which node each sample was in, and the µs between samples. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Samples outside the Worker's code: workerd does not mark its event loop's waits as idle, so V8
 * files the time the isolate's thread spends waiting for I/O (and workerd's own work on it) under
 * "(program)". What is left is JavaScript (with the native calls it makes) and garbage collection.
 */
const NOT_THE_WORKER = new Set(["(idle)", "(program)", "(root)"]);

/** Milliseconds of a profile the isolate spent in the Worker's JavaScript and GC, and the profile's span. */
export function busyMs(profile: CpuProfile): { busyMs: number; spanMs: number } {
  const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  let busyMicros = 0;
  profile.samples.forEach((nodeId, i) => {
    if (!NOT_THE_WORKER.has(names.get(nodeId) ?? "")) busyMicros += profile.timeDeltas[i] ?? 0;
  });
  return { busyMs: busyMicros / 1000, spanMs: (profile.endTime - profile.startTime) / 1000 };
}

export async function connectInspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  // Node's WebSocket takes extra handshake headers as an undici option.
  const socket = new WebSocket(target!.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("inspector connection refused")), { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
    if (message.id !== undefined) waiting.delete(message.id);
  });
  const call = <T>(method: string, params?: object) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** JS heap in use plus ArrayBuffer storage, in bytes. */
    async heapBytes(): Promise<number> {
      const usage = await call<{ usedSize: number; backingStorageSize?: number }>("Runtime.getHeapUsage");
      return usage.usedSize + (usage.backingStorageSize ?? 0);
    },
    /** Runs `work` under the CPU profiler (sampling every `intervalMicros`) and returns the profile. */
    async profile(work: () => Promise<void>, intervalMicros = 100): Promise<CpuProfile> {
      await call("Profiler.enable");
      await call("Profiler.setSamplingInterval", { interval: intervalMicros });
      await call("Profiler.start");
      await work();
      const { profile } = await call<{ profile: CpuProfile }>("Profiler.stop");
      await call("Profiler.disable");
      return profile;
    },
    close: () => socket.close(),
  };
}
