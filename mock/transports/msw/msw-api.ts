// What `mock.handlers` needs from msw, and the errors when msw is missing or too old. msw is an
// optional peer: the bin, startMockServer and mock.fetch never touch it. Each build loads it its
// own way (msw.ts for ES modules in Node, Bun and Deno, msw.require.ts for CommonJS and the bin,
// msw.browser.ts for web bundlers, none at all in msw.worker.ts for Workers and edge functions)
// and hands the result to `mswFrom`.

/** The parts of msw that `mock.handlers` is built from. */
export type MswApi = Pick<typeof import('msw'), 'http' | 'HttpResponse'>;

const INSTALL = 'npm install --save-dev msw';

/**
 * The msw module, checked; or the error to throw when `mock.handlers` is read.
 *
 * @internal
 */
export function mswFrom(loaded: unknown, failure: unknown): MswApi {
  const api = loaded as Partial<MswApi> | undefined;
  if (typeof api?.http?.all === 'function' && typeof api.HttpResponse?.error === 'function') {
    return api as MswApi;
  }
  if (loaded !== undefined) {
    throw new Error(
      `mock.handlers needs msw 2.11 or later (or 3); the msw installed has no http.all: run \`${INSTALL}@latest\``,
    );
  }
  const code = (failure as { code?: unknown } | null)?.code;
  if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') {
    throw new Error(
      `mock.handlers needs msw, which is not installed: run \`${INSTALL}\`. Without msw, pass fetch: mock.fetch to the client, or serve the mock over HTTP with startMockServer().`,
      { cause: failure },
    );
  }
  throw new Error(`mock.handlers could not load msw (\`${INSTALL}\` installs it)`, {
    cause: failure,
  });
}
