import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { WorkerRedisClient, WorkerReport } from './redis-worker.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the workers of a fleet find the service and Redis, and how they share the token. */
export interface FleetConfig {
  readonly mockUrl: string;
  readonly credentials: { readonly email: string; readonly password: string };
  readonly redisUrl: string;
  readonly key: string;
  readonly lockTtlMs: number;
  /** The Redis client library of the workers (default: node-redis 6). */
  readonly client?: WorkerRedisClient;
}

/** One worker process (test/support/redis-worker.ts). */
export interface Worker {
  readonly pid: number;
  /** Makes `calls` concurrent calls in the worker; resolves with its report. */
  run(calls: number): Promise<WorkerReport>;
  /** Sends a signal to the worker. */
  kill(signal: NodeJS.Signals): void;
  /** Ends the worker (closes its stdin; SIGKILL if it lingers) and waits for its exit. */
  stop(): Promise<void>;
}

/** A child process that speaks in JSON lines: one line when ready, one answer per command. */
export interface LineProcess {
  /** The first line it wrote, parsed. */
  readonly hello: Record<string, unknown>;
  /** Writes `command` as a line; resolves with the next line it writes, parsed. */
  ask(command: unknown): Promise<unknown>;
  kill(signal: NodeJS.Signals): void;
  /** Ends it (closes its stdin; SIGKILL if it lingers) and waits for its exit. */
  stop(): Promise<void>;
}

/** Starts `script` with `env` added; resolves once it has written its first line. */
export function startLineProcess(
  script: string,
  env: Record<string, string>,
): Promise<LineProcess> {
  // The Node that runs this suite (the project's pinned one under npm); one process per worker,
  // so a signal reaches the worker itself.
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const waiting: Array<{ resolve(line: string): void; reject(error: Error): void }> = [];
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', (code, signal) => {
      for (const pending of waiting.splice(0)) {
        pending.reject(new Error(`worker exited (${code ?? signal}) before answering:\n${stderr}`));
      }
      resolveExit();
    });
  });
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(line));
  const nextLine = () =>
    new Promise<string>((resolveLine, reject) => {
      waiting.push({ resolve: resolveLine, reject });
    });

  return nextLine().then((line) => ({
    hello: JSON.parse(line) as Record<string, unknown>,
    async ask(command) {
      const answer = nextLine();
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return JSON.parse(await answer);
    },
    kill(signal) {
      child.kill(signal);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  }));
}

async function startWorker(script: string, config: FleetConfig): Promise<Worker> {
  const worker = await startLineProcess(script, {
    MOCK_URL: config.mockUrl,
    MOCK_EMAIL: config.credentials.email,
    MOCK_PASSWORD: config.credentials.password,
    REDIS_URL: config.redisUrl,
    TOKEN_KEY: config.key,
    LOCK_TTL_MS: String(config.lockTtlMs),
    REDIS_CLIENT: config.client ?? 'redis6',
  });
  return {
    pid: worker.hello.pid as number,
    run: async (calls) => (await worker.ask({ calls })) as WorkerReport,
    kill: (signal) => worker.kill(signal),
    stop: () => worker.stop(),
  };
}

/** Workers ready to start: the worker script compiled once, and a way to start many of it. */
export interface Fleet {
  /** Starts `count` workers at once; resolves when every one is connected and ready. */
  start(count: number, config: FleetConfig): Promise<Worker[]>;
  /** Removes the compiled worker. */
  close(): void;
}

/**
 * Compiles `entry` (a script under test/), with the package's sources and the Redis clients, into
 * one file in a temporary directory: twenty processes then start in a few seconds, where loading
 * each through tsx would take ten times as long on a busy two-core machine.
 */
export async function bundleScript(entry: string): Promise<{ script: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pix-fleet-'));
  const script = join(dir, 'script.mjs');
  await build({
    entryPoints: [join(root, entry)],
    tsconfig: join(root, 'tsconfig.json'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: script,
    logLevel: 'warning',
    // redis is CommonJS: give its require() calls one inside the ES module.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return { script, dir };
}

/** Compiles test/support/redis-worker.ts once (see {@link bundleScript}). */
export async function prepareFleet(): Promise<Fleet> {
  const { script, dir } = await bundleScript('test/support/redis-worker.ts');
  return {
    async start(count, config) {
      const started = await Promise.allSettled(
        Array.from({ length: count }, () => startWorker(script, config)),
      );
      const workers = started.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      const failure = started.find((result) => result.status === 'rejected');
      if (failure) {
        await Promise.all(workers.map((worker) => worker.stop()));
        throw (failure as PromiseRejectedResult).reason;
      }
      return workers;
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
