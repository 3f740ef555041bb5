import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// `npx pix-payment-mock` runs the bin under npm, through a shell: a SIGTERM to npm (a test
// runner's cleanup, a CI step's timeout) ends npm and the shell, never the bin. The bin must then
// stop by itself and free its port, as it does when it gets the signal directly.

const root = fileURLToPath(new URL('../../', import.meta.url));
const groups: number[] = [];

afterEach(() => {
  // Each child leads a process group of its own; whatever of it is still running goes too.
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // The whole group has exited already.
    }
  }
});

/**
 * This process's environment without the settings an outer `npx -c '…'` leaves for its children
 * (`npm_config_call` and the like): an inner `npm exec` would take them as its own and refuse.
 */
function npmFreeEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_config_(call|package|yes)$/i.test(name)),
  );
}

function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: npmFreeEnv(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) groups.push(child.pid);
  return child;
}

/** The URL the bin prints once it listens. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const collect = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
      if (url && text.includes('control:')) resolve(url);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before listening: ${text}`)),
    );
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    } else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Whether something accepts connections on the port. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once nothing listens on the port any more; rejects if it stays held. */
async function released(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (!(await accepting(port))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`port ${port} is still held`);
}

describe('pix-payment-mock stops when asked, and frees its port', () => {
  it('run under npm (npm exec, as npx does), a SIGTERM to npm stops the bin too', async () => {
    const npm = start('npm', [
      'exec',
      '--yes=false',
      '--',
      process.execPath,
      '--import',
      'tsx',
      'mock/bin.ts',
      '--port',
      '0',
    ]);
    const url = await listening(npm);
    const port = Number(new URL(url).port);
    expect(await accepting(port)).toBe(true);
    npm.kill('SIGTERM');
    await exited(npm);
    await expect(released(port)).resolves.toBeUndefined();
  }, 60_000);

  it('run directly, SIGTERM and SIGINT each close the server, exit 0 and free the port', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const bin = start(process.execPath, ['--import', 'tsx', 'mock/bin.ts', '--port', '0']);
      const url = await listening(bin);
      const port = Number(new URL(url).port);
      bin.kill(signal);
      expect(await exited(bin)).toEqual({ code: 0, signal: null });
      expect(await accepting(port)).toBe(false);
    }
  }, 60_000);
});
