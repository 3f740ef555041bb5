// One process of a merchant's fleet, for the suites that run many: its own PaymentClient, its own
// Redis connection and a RedisTokenStore on the key it is given. Compiled and started by
// redis-fleet.ts (`node --import tsx` runs it as it is, more slowly).
// It says `{"ready":true}` once connected, then answers each command line on stdin
// (`{"calls":N}`: N concurrent calls) with one report line on stdout. It exits when stdin closes.
import { createInterface } from 'node:readline';
import { Redis as IoRedis5 } from 'ioredis5';
import { Redis as IoRedis6 } from 'ioredis6';
import { type LogFields, PaymentClient } from 'pix-payment-sdk';
import { RedisTokenStore } from 'pix-payment-sdk/redis';
import { createClient } from 'redis';
import { createClient as createClient5 } from 'redis5';

/** What a worker answers to a command. */
export interface WorkerReport {
  readonly pid: number;
  readonly succeeded: number;
  /** Name and message of each failed call. */
  readonly failed: string[];
  /** Answers to this worker's own `POST /auth/token`, since it started. */
  readonly logins: number;
  /** The `event` of every log line, since it started. */
  readonly events: string[];
  /** Every log line, as text, to check that none holds a secret. */
  readonly log: string;
  /** The token the client holds now (the parent checks the log never shows it). */
  readonly token: string;
}

const env = process.env;
const lines: string[] = [];
const events: string[] = [];
let logins = 0;
const record = (message: string, fields?: LogFields) => {
  lines.push(`${message} ${JSON.stringify(fields)}`);
  if (typeof fields?.event === 'string') events.push(fields.event);
  if (fields?.event === 'response' && fields.path === '/auth/token' && fields.status === 200)
    logins++;
};
const logger = { debug: record, info: record, warn: record, error: record };

/** The Redis client library a worker uses (`REDIS_CLIENT`). */
export type WorkerRedisClient = 'redis6' | 'redis5' | 'ioredis6' | 'ioredis5';

// Each library's client, connected, with how to end it. Both need an 'error' listener, or a lost
// connection would end the process.
async function connectRedis(url: string) {
  switch (env.REDIS_CLIENT as WorkerRedisClient | undefined) {
    case 'ioredis6': {
      const client = new IoRedis6(url, { lazyConnect: true }).on('error', () => undefined);
      await client.connect();
      return { client, close: () => client.disconnect() };
    }
    case 'ioredis5': {
      const client = new IoRedis5(url, { lazyConnect: true }).on('error', () => undefined);
      await client.connect();
      return { client, close: () => client.disconnect() };
    }
    case 'redis5': {
      const client = await createClient5({ url })
        .on('error', () => undefined)
        .connect();
      return { client, close: () => client.destroy() };
    }
    default: {
      const client = await createClient({ url })
        .on('error', () => undefined)
        .connect();
      return { client, close: () => client.destroy() };
    }
  }
}

const redis = await connectRedis(env.REDIS_URL!);
const client = new PaymentClient({
  baseUrl: env.MOCK_URL!,
  email: env.MOCK_EMAIL!,
  password: env.MOCK_PASSWORD!,
  logger,
  tokenStore: new RedisTokenStore({
    client: redis.client,
    key: env.TOKEN_KEY,
    lockTtlMs: Number(env.LOCK_TTL_MS),
    logger,
  }),
});

const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
send({ ready: true, pid: process.pid });

for await (const line of createInterface({ input: process.stdin })) {
  const { calls } = JSON.parse(line) as { calls: number };
  const results = await Promise.allSettled(
    Array.from({ length: calls }, () => client.withdrawals.listCurrencies()),
  );
  const failed = results.flatMap((result) =>
    result.status === 'rejected' ? [String(result.reason)] : [],
  );
  const report: WorkerReport = {
    pid: process.pid,
    succeeded: results.length - failed.length,
    failed,
    logins,
    events,
    log: lines.join('\n'),
    token: await client.getToken(),
  };
  send(report);
}
redis.close();
