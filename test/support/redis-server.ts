import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A `redis-server` of the test suite's own, on 127.0.0.1, without persistence unless asked. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  /** Stops the server (SIGTERM); its data is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port: empty, or with its data when started with `persist`. */
  restart(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

/** A port that was free a moment ago (redis-server cannot be asked for port 0). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts redis-server; resolves once it accepts connections, rejects if it exits first. */
function launch(
  executable: string,
  port: number,
  dir: string,
  persist: boolean,
): Promise<ChildProcess> {
  const child = spawn(
    executable,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      persist ? 'yes' : 'no',
      '--dir',
      dir,
      '--loglevel',
      'notice',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start in 20 s:\n${output}`));
    }, 20_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready to accept connections/.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
}

async function terminate(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `executable` (a redis-server) on a free loopback port, in a temporary directory, with
 * persistence off, or with an append-only file (`persist`), which a stop (SIGTERM) writes out,
 * so that a restart keeps the data. A port taken between the probe and the start is retried with another.
 */
export async function startRedisServer(
  executable: string,
  { persist = false }: { persist?: boolean } = {},
): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pix-redis-'));
  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; child === undefined; attempt++) {
    port = await freePort();
    try {
      child = await launch(executable, port, dir, persist);
    } catch (error) {
      if (attempt >= 5 || !/Address already in use/i.test(String(error))) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await terminate(child);
    },
    async restart() {
      await terminate(child);
      child = await launch(executable, port, dir, persist);
    },
    async close() {
      await terminate(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The Redis an example runs against: `REDIS_URL` when set, else a throwaway redis-server when one
 * is installed (`throwaway`, to close at the end); without either, `url` is undefined and the
 * example has been told to say so (`skipNote` is printed after the install hint).
 */
export async function redisForExample(
  skipNote = '',
): Promise<{ url: string | undefined; throwaway: RedisServer | undefined }> {
  const { locate } = await import('./externals.js');
  const fromEnv = process.env.REDIS_URL;
  const installed = fromEnv ? undefined : locate('redis');
  const throwaway = !fromEnv && installed ? await startRedisServer(installed) : undefined;
  const url = fromEnv ?? throwaway?.url;
  if (url === undefined) {
    console.log(
      'SKIPPED: this example needs Redis, and redis-server is not installed here.\n' +
        `  Install it (sudo apt-get install redis-server) or set REDIS_URL=redis://host:6379, then run it again.${skipNote}`,
    );
  }
  return { url, throwaway };
}
