/**
 * One login for a whole fleet, on Redis: `npx tsx examples/share-token-across-processes.ts`
 *
 * Each process gives its `PaymentClient` a `RedisTokenStore` on the same key. When they start
 * cold together, one logs in and the others wait for its token (a lock in Redis); from then on
 * each keeps the token in memory and reads Redis again only when the token nears its `exp` or the
 * service refuses it. If Redis is down, each logs in on its own and payments go on.
 *
 * Proof: five processes (this file again, run with tsx) start at once, each with its own client
 * and Redis connection, and make a call. Against the embedded mock, served over real HTTP with
 * `startMockServer` so the children can reach it, the mock's journal must show exactly one
 * POST /auth/token. With PAYMENT_BASE_URL, PAYMENT_EMAIL and PAYMENT_PASSWORD set it runs against
 * the real service and counts logins through each client's `logger`.
 *
 * Redis: REDIS_URL when set; otherwise a throwaway `redis-server` on a free loopback port, when
 * one is installed; otherwise the example says so and stops. The same sharing without Redis:
 * `examples/share-token-with-a-file.ts`.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type LogFields, PaymentClient } from 'pix-payment-sdk';
import { startMockServer } from 'pix-payment-sdk/mock';
import { RedisTokenStore } from 'pix-payment-sdk/redis';
import { createClient } from 'redis';
import { redisForExample } from '../test/support/redis-server.js';

const PROCESSES = 5;
const env = process.env;
const real = Boolean(env.PAYMENT_BASE_URL && env.PAYMENT_EMAIL && env.PAYMENT_PASSWORD);

/** Counts this client's logins (a logger sees method and path, never the token). */
function loginCounter() {
  const counter = {
    logins: 0,
    debug(_message: string, fields?: LogFields) {
      if (fields?.path === '/auth/token' && fields.status === 200) counter.logins++;
    },
    warn: (message: string, fields?: LogFields) => console.error(message, fields),
  };
  return counter;
}

/** A connected client of the `redis` package. Without an 'error' listener a lost connection would end the process. */
async function connectRedis(url: string) {
  return createClient({ url })
    .on('error', () => undefined)
    .connect();
}

if (env.SHARED_TOKEN_KEY) {
  // ---- one process of the fleet: its own Redis connection, its own client ----------------------
  const redis = await connectRedis(env.SHARED_REDIS_URL!);
  const counter = loginCounter();
  const client = new PaymentClient({
    baseUrl: env.CHILD_BASE_URL!,
    email: env.CHILD_EMAIL!,
    password: env.CHILD_PASSWORD!,
    tokenStore: new RedisTokenStore({ client: redis, key: env.SHARED_TOKEN_KEY, logger: counter }),
    logger: counter,
  });
  const currencies = await client.withdrawals.listCurrencies();
  process.stdout.write(
    `${JSON.stringify({ pid: process.pid, logins: counter.logins, currencies: currencies.length })}\n`,
  );
  redis.destroy();
} else {
  // ---- parent process --------------------------------------------------------------------------
  const { url: redisUrl, throwaway } = await redisForExample(
    '\n  The same sharing without Redis: npx tsx examples/share-token-with-a-file.ts',
  );
  if (redisUrl === undefined) {
    // redisForExample said why.
  } else {
    const running = real ? undefined : await startMockServer({ port: 0 });
    const baseUrl = running?.url ?? env.PAYMENT_BASE_URL!;
    const credentials = running?.mock.credentials ?? {
      email: env.PAYMENT_EMAIL!,
      password: env.PAYMENT_PASSWORD!,
    };
    // One key per merchant account; a random part here so the demo never meets a real token.
    const key = `example-${randomUUID()}:pix-payment-sdk:token`;
    const redis = await connectRedis(redisUrl);
    try {
      console.log(
        `Redis at ${throwaway ? `${redisUrl} (a throwaway redis-server)` : 'REDIS_URL'}, key ${key}`,
      );

      /** Runs this file again as one process of the fleet (same Node, same tsx loader). */
      const child = () =>
        new Promise<{ pid: number; logins: number; currencies: number }>((resolve, reject) => {
          const proc = spawn(
            process.execPath,
            [...process.execArgv, fileURLToPath(import.meta.url)],
            {
              // Credentials passed for the demo; a real process reads its own configuration.
              env: {
                ...env,
                SHARED_TOKEN_KEY: key,
                SHARED_REDIS_URL: redisUrl,
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
      const fleet = await Promise.all(Array.from({ length: PROCESSES }, child));
      for (const c of fleet)
        console.log(`process ${c.pid}: logged in ${c.logins}×, listed ${c.currencies} currencies`);

      const ttlMs = Number(await redis.sendCommand(['PTTL', key]));
      console.log(
        `Redis holds the token under ${key} and forgets it in ${(ttlMs / 86_400_000).toFixed(1)} days (at its exp); the token itself is not printed`,
      );
      const total = fleet.reduce((sum, c) => sum + c.logins, 0);
      if (running) {
        const logins = running.mock.requests.filter(
          (r) => r.method === 'POST' && r.path === '/auth/token',
        );
        console.log(`mock journal: POST /auth/token ${logins.length}×`);
        if (logins.length !== 1) throw new Error(`expected one login, got ${logins.length}`);
      }
      if (total !== 1)
        throw new Error(`expected one login across ${PROCESSES} processes, got ${total}`);
      console.log(`OK: ${PROCESSES} processes started at once, 1 login`);
    } finally {
      await new RedisTokenStore({ client: redis, key }).delete();
      redis.destroy();
      await running?.close();
      await throwaway?.close();
    }
  }
}
