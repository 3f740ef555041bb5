import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a loopback server does with each request. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1, port chosen by the system. */
export interface Loopback {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  /** Every request received, in order: method, path and the whole body as text. */
  readonly received: Array<{ method: string; path: string; body: string }>;
  /** Drops every open connection and stops listening. */
  close(): Promise<void>;
}

/** Starts a loopback server that records each request before handing it to `handler`. */
export async function listen(handler: Handler): Promise<Loopback> {
  const received: Loopback['received'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
    });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT that expires in an hour, as the client reads it (it checks no signature). */
export function fakeJwt(claims: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ exp, ...claims })}.c2ln`;
}

/** Answers `POST /auth/token` with `token`; hands every other request to `rest`. */
export function withLogin(token: string, rest: Handler): Handler {
  return (request, response) => {
    if (request.url === '/auth/token') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ token }));
      return;
    }
    rest(request, response);
  };
}

/** Resolves when the server side of a response has closed its connection (or ended). */
export function closed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (response.destroyed || response.writableFinished) resolve();
    else response.once('close', () => resolve());
  });
}
