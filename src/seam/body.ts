// Reading a body under a size limit: shared by the client's webhook handler and the mock (whose
// builds carry their own copy, as they do of the table of operations).

/**
 * Reads a body (of a request or a response) whole; `undefined`, the rest cancelled, as soon as it
 * is larger than `limit` bytes, so a runaway body cannot exhaust memory.
 *
 * @internal
 */
export async function readUpTo(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array | undefined> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a request's body whole under `limit` bytes: `undefined` when its `Content-Length` says
 * more (nothing read), or as soon as more arrives.
 *
 * @internal
 */
export function readRequestUpTo(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(undefined);
  return readUpTo(request.body, limit);
}
