import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Real components that some suites drive: a browser and a Redis server. They come from the
 * operating system's packages, not from npm, so a fresh machine may lack them. Without one,
 * `npm test` passes the rest and names what it skipped and how to install it; with
 * `PIX_REQUIRE_EXTERNALS=1` (set by `.ci/run`) a missing component fails the run instead.
 */
export interface External {
  /** What the suites that need it are called in the skip notice. */
  readonly suites: string;
  /** Environment variable that may name the executable explicitly. */
  readonly env: string;
  /** Executable names looked up on the PATH, in order. */
  readonly candidates: readonly string[];
  /** How to install it on Debian or Ubuntu. */
  readonly install: string;
}

export const EXTERNALS = {
  chromium: {
    suites:
      'the browser runs of the mock (setupWorker and the operator console in headless Chromium)',
    env: 'CHROMIUM_PATH',
    candidates: ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'],
    install: 'sudo apt-get install chromium',
  },
  redis: {
    suites: 'the RedisTokenStore suites (a real redis-server)',
    env: 'REDIS_SERVER_PATH',
    candidates: ['redis-server'],
    install: 'sudo apt-get install redis-server',
  },
} as const satisfies Record<string, External>;

export type ExternalName = keyof typeof EXTERNALS;

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The executable's path, or `undefined` when this machine lacks it. */
export function locate(name: ExternalName): string | undefined {
  const external: External = EXTERNALS[name];
  const explicit = process.env[external.env];
  if (explicit) return executable(explicit) ? explicit : undefined;
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const candidate of external.candidates) {
    for (const dir of dirs) {
      const path = join(dir, candidate);
      if (executable(path)) return path;
    }
  }
  return undefined;
}

/** Whether a missing component must fail the run (CI) rather than be skipped. */
export function externalsRequired(): boolean {
  return process.env.PIX_REQUIRE_EXTERNALS === '1';
}

/** The line printed for a skipped component. */
export function skipNotice(name: ExternalName): string {
  const external: External = EXTERNALS[name];
  return `skipped ${external.suites}: ${external.candidates[0]} not found (set ${external.env} or install it: ${external.install})`;
}

/**
 * The executable for a suite, or `undefined` when the suite is to be skipped. Throws when the
 * component is missing and required, so that the run fails and says why.
 *
 * @example
 * ```ts
 * const redisServer = requireExternal('redis');
 * describe.skipIf(redisServer === undefined)('RedisTokenStore', () => { … });
 * ```
 */
export function requireExternal(name: ExternalName): string | undefined {
  const path = locate(name);
  if (path === undefined && externalsRequired()) {
    throw new Error(`PIX_REQUIRE_EXTERNALS=1 but ${skipNotice(name).replace(/^skipped /, '')}`);
  }
  return path;
}
