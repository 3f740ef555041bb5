// One webhook receiver of a merchant's fleet: a real HTTP server on 127.0.0.1 with
// createWebhookHandler behind it, its own PaymentClient and a RedisWebhookStore on its own Redis
// connection. Compiled and started by webhook-fleet.ts.
// It says `{"pid":…,"port":…}` once listening, then answers each command line on stdin with one
// line on stdout: `{"recover":true}` runs handler.recover(), `{"idle":true}` waits for the work
// under way; both answer with the failures reported so far, by reason. Each event handed to
// onEvent is appended to RECORD_FILE as `<operation> <id> <status> <pid>`; an event of HANG_ID
// writes `begin …` and never finishes (the process is to be killed). It exits when stdin closes.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { Redis as IoRedis6 } from 'ioredis6';
import { createWebhookHandler, PaymentClient, type WebhookFailureReason } from 'pix-payment-sdk';
import { RedisWebhookStore } from 'pix-payment-sdk/redis';
import { createClient } from 'redis';

const env = process.env;

async function connectRedis(url: string) {
  if (env.REDIS_CLIENT === 'ioredis6') {
    const client = new IoRedis6(url, { lazyConnect: true }).on('error', () => undefined);
    await client.connect();
    return { client, close: () => client.disconnect() };
  }
  const client = await createClient({ url })
    .on('error', () => undefined)
    .connect();
  return { client, close: () => client.destroy() };
}

const redis = await connectRedis(env.REDIS_URL!);
const failures: Partial<Record<WebhookFailureReason, number>> = {};
const line = (event: { operation: string; id: string; status: string }, prefix = '') =>
  `${prefix}${event.operation} ${event.id} ${event.status} ${process.pid}\n`;

const handler = createWebhookHandler({
  client: new PaymentClient({
    baseUrl: env.MOCK_URL!,
    email: env.MOCK_EMAIL!,
    password: env.MOCK_PASSWORD!,
    // Each failed details call reaches the handler, as a long outage of the service would.
    maxRetries: 0,
  }),
  store: new RedisWebhookStore({
    client: redis.client,
    prefix: env.PREFIX,
    leaseMs: Number(env.LEASE_MS),
    commandTimeoutMs: 500,
  }),
  onEvent: async (event) => {
    if (event.id === env.HANG_ID) {
      appendFileSync(env.RECORD_FILE!, line(event, 'begin '));
      await new Promise(() => undefined);
    }
    appendFileSync(env.RECORD_FILE!, line(event));
  },
  onError: (_error, reason) => {
    failures[reason] = (failures[reason] ?? 0) + 1;
  },
});

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const answer = await handler(
    new Request(`http://127.0.0.1${req.url}`, {
      method: req.method ?? 'GET',
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
    }),
  );
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
send({ pid: process.pid, port });

for await (const command of createInterface({ input: process.stdin })) {
  const { recover } = JSON.parse(command) as { recover?: boolean };
  const recovered = recover ? await handler.recover() : 0;
  await handler.idle();
  send({ recovered, failures });
}
server.close();
redis.close();
