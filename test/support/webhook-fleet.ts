import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookFailureReason } from 'pix-payment-sdk';
import { bundleScript, startLineProcess } from './redis-fleet.js';

/** Where a receiver finds the service and Redis, and where it records what reached onEvent. */
export interface ReceiverConfig {
  readonly mockUrl: string;
  readonly credentials: { readonly email: string; readonly password: string };
  readonly redisUrl: string;
  readonly prefix: string;
  readonly leaseMs: number;
  readonly recordFile: string;
  /** Redis client library: node-redis 6 (default) or ioredis 6. */
  readonly client?: 'redis6' | 'ioredis6';
  /** An id whose onEvent never finishes. */
  readonly hangId?: string;
}

/** What a receiver answers to a command. */
export interface ReceiverReport {
  readonly recovered: number;
  readonly failures: Partial<Record<WebhookFailureReason, number>>;
}

/** One receiver process (test/support/webhook-receiver.ts). */
export interface Receiver {
  readonly pid: number;
  /** `http://127.0.0.1:<port>/webhooks/pix`. */
  readonly url: string;
  /** Waits for the work under way (after `recover()` when asked). */
  ask(command: { recover?: boolean }): Promise<ReceiverReport>;
  kill(signal: NodeJS.Signals): void;
  /** Ends it (closes its stdin; SIGKILL if it lingers) and waits for its exit. */
  stop(): Promise<void>;
}

async function startReceiver(script: string, config: ReceiverConfig): Promise<Receiver> {
  const receiver = await startLineProcess(script, {
    MOCK_URL: config.mockUrl,
    MOCK_EMAIL: config.credentials.email,
    MOCK_PASSWORD: config.credentials.password,
    REDIS_URL: config.redisUrl,
    REDIS_CLIENT: config.client ?? 'redis6',
    PREFIX: config.prefix,
    LEASE_MS: String(config.leaseMs),
    RECORD_FILE: config.recordFile,
    HANG_ID: config.hangId ?? '',
  });
  return {
    pid: receiver.hello.pid as number,
    url: `http://127.0.0.1:${receiver.hello.port as number}/webhooks/pix`,
    ask: async (command) => (await receiver.ask(command)) as ReceiverReport,
    kill: (signal) => receiver.kill(signal),
    stop: () => receiver.stop(),
  };
}

/** Receivers ready to start: the receiver script compiled once. */
export interface ReceiverFleet {
  start(count: number, config: ReceiverConfig): Promise<Receiver[]>;
  /** Removes the compiled script. */
  close(): void;
}

export async function prepareReceivers(): Promise<ReceiverFleet> {
  const { script, dir } = await bundleScript('test/support/webhook-receiver.ts');
  return {
    start: (count, config) =>
      Promise.all(Array.from({ length: count }, () => startReceiver(script, config))),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A round-robin relay on 127.0.0.1: each request goes to the next target; 502 when it is down. */
export interface Relay {
  readonly url: string;
  close(): Promise<void>;
}

export async function startRelay(targets: ReadonlyArray<string>): Promise<Relay> {
  let next = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = targets[next++ % targets.length]!;
    try {
      const answer = await fetch(target, {
        method: req.method ?? 'GET',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
