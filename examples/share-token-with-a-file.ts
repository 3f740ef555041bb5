/**
 * One login shared by many processes through a `tokenStore` of your own, here a JSON file:
 * `npx tsx examples/share-token-with-a-file.ts`
 *
 * A token lives 15 days (per the provider's public docs). Each client keeps it in memory by
 * default, so ten workers log in ten times, and again at every restart. Give them one shared
 * `TokenStore` and they log in once between them. On Redis, use `RedisTokenStore`
 * (`examples/share-token-across-processes.ts`); this file shows the three methods a store of your
 * own needs, with no dependency: a JSON file per account, written atomically (write a temporary file, then
 * rename it over the old one: readers see the old token or the new one, never half a file). It
 * has no `lock`, so processes that start cold at the same moment each log in once.
 *
 * Proof: the parent logs in, then two child processes (the same file, run with tsx) make calls
 * with their own clients and the same store. Against the embedded mock, served over real HTTP
 * with `startMockServer` so the children can reach it, the mock's journal must show exactly one
 * POST /auth/token. With PAYMENT_BASE_URL, PAYMENT_EMAIL and PAYMENT_PASSWORD set it runs against
 * the real service and counts logins through each client's `logger`.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CachedToken,
  type LogFields,
  PaymentClient,
  type TokenStore,
  tokenAccount,
} from 'pix-payment-sdk';
import { startMockServer } from 'pix-payment-sdk/mock';

/**
 * A token store in JSON files, one per account and base URL (`account` is a SHA-256 hex the
 * client passes; a client only ever uses a token stored with its own). The token is a secret:
 * the files are created 0600 in a private directory.
 */
class FileTokenStore implements TokenStore {
  constructor(readonly directory: string) {}

  fileOf(account = 'default'): string {
    return join(this.directory, `token-${account}.json`);
  }

  async get(account?: string): Promise<CachedToken | undefined> {
    try {
      const value: unknown = JSON.parse(await readFile(this.fileOf(account), 'utf8'));
      const token = (value as Partial<CachedToken> | null)?.token;
      return typeof token === 'string' ? (value as CachedToken) : undefined;
    } catch (error) {
      // No file yet, or garbage in it: no token (the client logs in and writes a good one).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError)
        return undefined;
      throw error;
    }
  }

  async set(token: CachedToken, account?: string): Promise<void> {
    const file = this.fileOf(account);
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    // The whole object, `account` included: the client checks it when it reads the token back.
    await writeFile(temporary, JSON.stringify(token), { mode: 0o600 });
    await rename(temporary, file); // atomic on one file system
  }

  async delete(_refused?: string, account?: string): Promise<void> {
    await rm(this.fileOf(account), { force: true });
  }
}

/** A logger that counts this client's logins (it sees method and path, never the token). */
function loginCounter() {
  const counter = {
    logins: 0,
    debug(_message: string, fields?: LogFields) {
      if (fields?.path === '/auth/token' && fields.status !== undefined) counter.logins++;
    },
  };
  return counter;
}

const env = process.env;
const real = Boolean(env.PAYMENT_BASE_URL && env.PAYMENT_EMAIL && env.PAYMENT_PASSWORD);

if (env.SHARED_TOKEN_DIR) {
  // ---- child process: its own client, the shared store -------------------------------------
  const counter = loginCounter();
  const client = new PaymentClient({
    baseUrl: env.CHILD_BASE_URL!,
    email: env.CHILD_EMAIL!,
    password: env.CHILD_PASSWORD!,
    tokenStore: new FileTokenStore(env.SHARED_TOKEN_DIR),
    logger: counter,
  });
  const currencies = await client.withdrawals.listCurrencies();
  process.stdout.write(
    `${JSON.stringify({ pid: process.pid, logins: counter.logins, currencies: currencies.length })}\n`,
  );
} else {
  // ---- parent process ------------------------------------------------------------------------
  const running = real ? undefined : await startMockServer({ port: 0 });
  const baseUrl = running?.url ?? env.PAYMENT_BASE_URL!;
  const credentials = running?.mock.credentials ?? {
    email: env.PAYMENT_EMAIL!,
    password: env.PAYMENT_PASSWORD!,
  };
  const directory = await mkdtemp(join(tmpdir(), 'pix-token-'));
  const store = new FileTokenStore(directory);
  const file = store.fileOf(await tokenAccount(baseUrl, credentials.email));
  try {
    const counter = loginCounter();
    const client = new PaymentClient({
      baseUrl,
      ...credentials,
      tokenStore: store,
      logger: counter,
    });
    await client.withdrawals.listCurrencies();
    const stored = JSON.parse(await readFile(file, 'utf8')) as CachedToken;
    console.log(`parent ${process.pid}: logged in ${counter.logins}×, token stored in ${file}`);
    console.log(
      `  expires ${stored.expiresAt ? new Date(stored.expiresAt).toISOString() : 'unknown'} (the token itself is not printed)`,
    );

    /** Runs this file again as a child (same Node, same tsx loader flags). */
    const child = () =>
      new Promise<{ pid: number; logins: number; currencies: number }>((resolve, reject) => {
        const proc = spawn(
          process.execPath,
          [...process.execArgv, fileURLToPath(import.meta.url)],
          {
            // Credentials passed for the demo; a real worker reads its own configuration.
            env: {
              ...env,
              SHARED_TOKEN_DIR: directory,
              CHILD_BASE_URL: baseUrl,
              CHILD_EMAIL: credentials.email,
              CHILD_PASSWORD: credentials.password,
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        let out = '';
        proc.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        proc.on('error', reject);
        proc.on('close', (code) =>
          code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited with ${code}`)),
        );
      });
    const children = await Promise.all([child(), child()]);
    for (const c of children)
      console.log(
        `child ${c.pid}: logged in ${c.logins}×, listed ${c.currencies} currencies with the shared token`,
      );

    const total = counter.logins + children.reduce((sum, c) => sum + c.logins, 0);
    if (running) {
      const journal = running.mock.requests;
      const logins = journal.filter((r) => r.method === 'POST' && r.path === '/auth/token');
      const ips = new Set(journal.map((r) => r.callerIp));
      console.log(
        `mock journal: ${journal.length} requests from ${[...ips].join(', ')}, POST /auth/token ${logins.length}×`,
      );
      if (logins.length !== 1) throw new Error(`expected exactly one login, got ${logins.length}`);
    }
    if (total !== 1) throw new Error(`expected one login across 3 processes, got ${total}`);
    console.log('OK: 3 processes, 1 login');
  } finally {
    await rm(directory, { recursive: true, force: true });
    await running?.close();
  }
}
