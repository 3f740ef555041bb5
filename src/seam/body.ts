// The one bounded body reader: the client's answers (under its deadline), its webhook handler's
// requests, and the mock's requests, the Node server's included, and the answers it reads.

const ignore = () => undefined;

/**
 * What a body is read from: a web stream, or an async iterable of byte chunks (a Node request's
 * `iterator({ destroyOnReturn: false })`, whose `return()` leaves the unread rest to its caller).
 *
 * @internal
 */
export type BodySource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** @internal */
export interface ReadUpToOptions {
  /**
   * Rejects the read with its reason as soon as it aborts: a web stream is cancelled at once; an
   * iterable is asked to stop (`return()`), and the read ends at its next chunk.
   */
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
 * cancelled (a web stream's `cancel()`, which closes the connection behind it, or an iterable's
 * `return()`), so a runaway body cannot exhaust memory. A body of one chunk is that chunk, not a
 * copy.
 *
 * @example
 * ```ts
 * const bytes = await readUpTo(response.body, 1024 * 1024, { signal });
 * if (bytes === undefined) throw new Error('answer over 1 MiB');
 * ```
 * @internal
 */
export async function readUpTo(
  body: BodySource | null,
  limit: number,
  options: ReadUpToOptions = {},
): Promise<Uint8Array | undefined> {
  if (!body) return new Uint8Array(0);
  const { signal, length } = options;
  let next: () => Promise<IteratorResult<Uint8Array, unknown>>;
  // `stop` frees the rest (the limit passed, an abort, a failure); `end` lets go of a body that
  // is all in.
  let stop: () => void;
  let end: () => void;
  if ('getReader' in body) {
    const reader = body.getReader();
    next = () => reader.read() as Promise<IteratorResult<Uint8Array, unknown>>;
    stop = () => {
      reader.cancel().catch(ignore);
    };
    end = () => reader.releaseLock();
  } else {
    const iterator = body[Symbol.asyncIterator]();
    next = () => iterator.next();
    stop = end = () => {
      iterator.return?.().catch(ignore);
    };
  }
  signal?.addEventListener('abort', stop, { once: true });
  try {
    signal?.throwIfAborted();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await next();
      signal?.throwIfAborted();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        stop();
        return undefined;
      }
      chunks.push(value);
      if (size === length) {
        end();
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
    stop();
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
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
