// Runs the checks of test/runtimes/scripts in other runtimes, on the built package: the runtimes
// (Bun, Deno) resolve it by its name from inside this repository, through its `exports`; the
// worker runtimes get a bundle that esbuild makes with their export conditions.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';

export const root = resolve(import.meta.dirname, '../..');
export const scripts = join(root, 'test/runtimes/scripts');
/** The runtimes' binaries, installed by npm. */
export const bin = (name: string) => join(root, 'node_modules/.bin', name);

function newest(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newest(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  );
}

/**
 * Throws unless `dist/` is built from the current sources: these suites test the package as
 * published. `npm test` builds before it runs vitest.
 */
export function assertBuilt(): void {
  let built: number;
  try {
    built = statSync(join(root, 'dist/mock/index.worker.js')).mtimeMs;
  } catch {
    throw new Error('dist/ is missing: run `npm run build` before the runtime suites');
  }
  if (newest(join(root, 'src')) > built || newest(join(root, 'mock')) > built) {
    throw new Error('dist/ is older than the sources: run `npm run build` again');
  }
}

/** What a runtime's checks need to reach the mock server the test started. */
export interface ServiceEnv {
  readonly url: string;
  readonly email: string;
  readonly password: string;
  readonly customerId: string;
}

/** The mock over real HTTP on 127.0.0.1, and how the scripts reach it. */
export async function startService(): Promise<{ server: RunningMockServer; env: ServiceEnv }> {
  const server = await startMockServer({ port: 0, seed: 1 });
  return {
    server,
    env: {
      url: server.url,
      ...server.mock.credentials,
      customerId: server.mock.customers.seeded._id,
    },
  };
}

export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command in the repository's root; ends it with SIGKILL after `timeoutMs`. */
export function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? (signal ? -1 : null), stdout, stderr });
    });
  });
}

/** The JSON object a script printed last; throws with its output when there is none. */
export function resultsOf(ran: Ran): Record<string, unknown> {
  const line = ran.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new Error(`no results (exit ${ran.code}):\n${ran.stdout}\n${ran.stderr}`);
  }
}

/**
 * Bundles `contents` (a module beside the scripts) as a worker bundler would: the package resolved
 * through its `exports` with `conditions`, nothing from the repository's tsconfig paths.
 */
export async function bundle(
  contents: string,
  conditions: string[],
  options: { format: 'esm' | 'iife'; define?: Record<string, string> },
): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: scripts, sourcefile: 'entry.mjs', loader: 'js' },
    bundle: true,
    write: false,
    format: options.format,
    platform: 'browser',
    target: 'es2023',
    conditions,
    define: options.define ?? {},
    tsconfigRaw: '{}',
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}
