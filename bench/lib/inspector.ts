/**
 * The Worker isolate's V8 inspector under `wrangler dev --inspector-port`: the heap in use
 * (upload-memory-isolate.ts), apart from the local simulators that share the workerd process.
 * Wrangler's inspector proxy accepts local origins only.
 */

export async function connectInspector(port: number) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json`)).json<{ webSocketDebuggerUrl: string }[]>();
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
    close: () => socket.close(),
  };
}
