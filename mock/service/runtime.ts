/** The oldest Node.js release line the mock supports (as `engines` in package.json says). */
const MINIMUM_NODE_MAJOR = 22;

interface RuntimeVersions {
  readonly node?: string | undefined;
  readonly bun?: string | undefined;
}

/**
 * Throws an `Error` that names the Node.js release needed, on a Node.js older than 22. Without
 * it, an older Node fails later and obscurely (msw 3 calls `Promise.withResolvers`, which the
 * client then reports as a connection error). Other runtimes (browsers, Bun, Deno) pass: they
 * report no Node.js version, or one of their own choosing.
 *
 * @internal
 */
export function assertSupportedRuntime(
  versions: RuntimeVersions | undefined = nodeVersions(),
): void {
  if (versions?.node === undefined || versions.bun !== undefined || 'Deno' in globalThis) return;
  const major = Number.parseInt(versions.node, 10);
  if (major >= MINIMUM_NODE_MAJOR) return;
  throw new Error(
    `pix-payment-sdk/mock needs Node.js ${MINIMUM_NODE_MAJOR} or later; this is Node.js ${versions.node}. Install Node.js ${MINIMUM_NODE_MAJOR} or 24 (for example with nvm: nvm install 22).`,
  );
}

function nodeVersions(): RuntimeVersions | undefined {
  return (globalThis as { process?: { versions?: RuntimeVersions } }).process?.versions;
}
