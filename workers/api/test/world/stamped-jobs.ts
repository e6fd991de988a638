/**
 * The JOBS queue as the tests' Worker sees it: each message sent carries the world it was sent in
 * (test-world.ts), and a batch hands the product only its own world's messages, without the stamp.
 * A message from an earlier world is acknowledged unread: its rows are gone.
 */
import { WORLD_FIELD, currentWorld } from "./test-world";

type Stamped = Record<string, unknown> & { [WORLD_FIELD]?: number };

const stamp = (body: unknown): unknown =>
  body !== null && typeof body === "object" && !Array.isArray(body) ? { ...body, [WORLD_FIELD]: currentWorld() } : body;

/** `queue` with every message stamped with the current world. */
export function stampedQueue(queue: Queue): Queue {
  return {
    send: (body, options) => queue.send(stamp(body), options),
    sendBatch: (messages, options) =>
      queue.sendBatch(
        [...messages].map((message) => ({ ...message, body: stamp(message.body) })),
        options,
      ),
    metrics: () => queue.metrics(),
  };
}

function unstamped(body: unknown): unknown {
  if (body === null || typeof body !== "object" || !(WORLD_FIELD in body)) return body;
  const { [WORLD_FIELD]: _world, ...rest } = body as Stamped;
  return rest;
}

const fromEarlierWorld = (body: unknown) =>
  body !== null && typeof body === "object" && WORLD_FIELD in body && (body as Stamped)[WORLD_FIELD] !== currentWorld();

/** `batch` with earlier worlds' messages acknowledged and left out, and the stamp taken off the rest. */
export function currentWorldBatch<Body>(batch: MessageBatch<Body>): MessageBatch<Body> {
  const messages: Message<Body>[] = [];
  for (const message of batch.messages) {
    if (fromEarlierWorld(message.body)) {
      message.ack();
      continue;
    }
    messages.push({
      id: message.id,
      timestamp: message.timestamp,
      attempts: message.attempts,
      body: unstamped(message.body) as Body,
      ack: () => message.ack(),
      retry: (options) => message.retry(options),
    });
  }
  return {
    queue: batch.queue,
    metadata: batch.metadata,
    messages,
    ackAll: () => messages.forEach((message) => message.ack()),
    retryAll: (options) => messages.forEach((message) => message.retry(options)),
  };
}
