/**
 * A module loaded on first use: the returned function imports it at its first call and hands every
 * later or concurrent caller the same promise, so the module is fetched and evaluated once. A
 * failed load (a chunk the server could not deliver) is forgotten, so the next call tries again
 * rather than failing for the life of the process.
 *
 * The areas a Pix-only application never calls (the company account, the crypto rails) are
 * loaded this way from their first call, which is async anyway: a bundler puts them in chunks of
 * their own, and a cold start neither downloads nor parses them.
 *
 * @internal
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
