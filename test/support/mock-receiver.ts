import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook delivery the receiver got. */
export interface ReceivedWebhook {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** How the receiver answers: a status, or never (to test the delivery timeout). */
export type ReceiverMode = { readonly status: number } | 'hang';

/**
 * A real HTTP webhook receiver on 127.0.0.1, recording every delivery.
 */
export async function startReceiver(initial: ReceiverMode = { status: 200 }) {
  const received: ReceivedWebhook[] = [];
  let mode: ReceiverMode = initial;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      if (mode === 'hang') return;
      res.writeHead(mode.status, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/pix`,
    received,
    setMode(next: ReceiverMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A URL on 127.0.0.1 where nothing listens (connection refused). */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/webhooks/pix`;
}
