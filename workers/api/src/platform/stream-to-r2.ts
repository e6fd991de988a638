/**
 * Writes one R2 object from bytes that arrive piece by piece, its length unknown until the end,
 * holding at most one R2 part in memory. R2 needs a stream's length up front, so: an object smaller
 * than a part is one `put`; a larger one is a multipart upload whose parts (all but the last exactly
 * R2_PART_BYTES, R2's rule) are sent as each fills, the next bytes waiting until the part is stored.
 * `abort()` discards an unfinished object (including its uploaded parts); removing a finished one is
 * the caller's job.
 */

/** R2's smallest part (5 MiB); every part but the last must have this same size. */
export const R2_PART_BYTES = 5 * 1024 * 1024;

/** The first size the buffer takes, doubled as bytes arrive, up to one part: small files stay small. */
const FIRST_BUFFER_BYTES = 64 * 1024;

export class R2ObjectWriter {
  /** The bytes of the part being filled, reused for every part. */
  private buffer = new Uint8Array(0);
  private buffered = 0;
  private upload: R2MultipartUpload | null = null;
  private readonly parts: R2UploadedPart[] = [];
  private state: "open" | "finished" | "aborted" = "open";
  private written = 0;

  constructor(
    private readonly bucket: R2Bucket,
    readonly key: string,
    private readonly options: { httpMetadata: R2HTTPMetadata },
    private readonly partBytes = R2_PART_BYTES,
  ) {}

  /** Bytes accepted so far. */
  get size(): number {
    return this.written;
  }

  /** The multipart upload's id once one was started; null while the object fits one `put`. */
  get uploadId(): string | null {
    return this.upload?.uploadId ?? null;
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.expectOpen();
    let rest = chunk;
    while (rest.length > 0) {
      const piece = rest.subarray(0, this.partBytes - this.buffered);
      this.reserve(this.buffered + piece.length);
      this.buffer.set(piece, this.buffered);
      this.buffered += piece.length;
      this.written += piece.length;
      rest = rest.subarray(piece.length);
      if (this.buffered === this.partBytes) await this.sendPart();
    }
  }

  /** Stores what was written as the object. */
  async finish(): Promise<void> {
    this.expectOpen();
    if (!this.upload) {
      await this.bucket.put(this.key, this.buffer.subarray(0, this.buffered), this.options);
    } else {
      if (this.buffered > 0) await this.sendPart();
      await this.upload.complete(this.parts);
    }
    this.state = "finished";
    this.buffer = new Uint8Array(0);
  }

  /** Discards an unfinished object: nothing of it stays in R2. Does nothing once finished. */
  async abort(): Promise<void> {
    if (this.state !== "open") return;
    this.state = "aborted";
    this.buffer = new Uint8Array(0);
    if (this.upload) await this.upload.abort();
  }

  private async sendPart() {
    this.upload ??= await this.bucket.createMultipartUpload(this.key, this.options);
    const uploaded = await this.upload.uploadPart(this.parts.length + 1, this.buffer.subarray(0, this.buffered));
    this.parts.push(uploaded);
    this.buffered = 0;
  }

  /** Grows the buffer (by doubling, never past one part) to hold `bytes`. */
  private reserve(bytes: number) {
    if (this.buffer.length >= bytes) return;
    const grown = new Uint8Array(Math.min(this.partBytes, Math.max(bytes, this.buffer.length * 2, FIRST_BUFFER_BYTES)));
    grown.set(this.buffer.subarray(0, this.buffered));
    this.buffer = grown;
  }

  private expectOpen() {
    if (this.state !== "open") throw new Error(`R2 object ${this.key} is already ${this.state}`);
  }
}
