// The one bounded body reader: the client's answers (under its deadline), its webhook handler's
// requests, and the mock's requests (the Node server's included) and the answers it reads.

const ignore = () => undefined;

/**
 * How a body is read, chunk by chunk: a web stream's reader, or one made over another kind of
 * body (the Node server's, over its request).
 *
 * @internal
 */
export interface BodyReader {
  /** The next chunk, or `done` at the body's end. */
  read(): Promise<IteratorResult<Uint8Array, unknown>>;
  /** Frees the rest: past the limit, on an abort, after a failure. */
  cancel(): Promise<unknown>;
  /** Lets go of a body that is all in. */
  releaseLock(): void;
}

/** @internal */
export interface ReadUpToOptions {
  /** Rejects the read with its reason as soon as it aborts, cancelling the rest. */
  readonly signal?: AbortSignal | undefined;
  /**
   * The body's length when the bytes read are the bytes sent (a `Content-Length` with no
   * `Content-Encoding`): the read ends once that many are in, without waiting for the stream's
   * end, which undici signals only in a later turn of the event loop.
   */
  readonly length?: number | undefined;
}

/**
 * Reads a body whole; `undefined` as soon as it is larger than `limit` bytes, the rest then
 * cancelled (which closes the connection behind a response), so a runaway body cannot exhaust
 * memory. A body of one chunk is that chunk, not a copy.
 *
 * @example
 * ```ts
 * const bytes = await readUpTo(response.body, 1024 * 1024, { signal });
 * if (bytes === undefined) throw new Error('answer over 1 MiB');
 * ```
 * @internal
 */
export async function readUpTo(
  body: ReadableStream<Uint8Array> | BodyReader | null,
  limit: number,
  { signal, length }: ReadUpToOptions = {},
): Promise<Uint8Array | undefined> {
  if (!body) return new Uint8Array(0);
  const reader: BodyReader = 'getReader' in body ? body.getReader() : body;
  const cancel = () => {
    reader.cancel().catch(ignore);
  };
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    signal?.throwIfAborted();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        cancel();
        return undefined;
      }
      chunks.push(value);
      if (size === length) {
        reader.releaseLock();
        break;
      }
    }
    if (chunks.length === 1) return chunks[0];
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return whole;
  } catch (error) {
    cancel();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
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
