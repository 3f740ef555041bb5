import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createPaymentServiceMock,
  type PaymentServiceMock,
  type RunningMockServer,
  type StartMockServerOptions,
} from './index.js';
import { internalsOf, type MockInternals } from './internals.js';
import { NETWORK_ERROR } from './router.js';

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Reads the body; `undefined` when it is larger than `limit`. A refused body is still drained (so
 * the client can read the 413), up to a hard cap past which the connection is dropped.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const cap = Math.max(limit * 16, 16 * 1024 * 1024);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > cap) {
      req.socket.destroy();
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) req.socket.destroy();
      else if (total <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(total > limit ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => resolve(total > limit ? undefined : Buffer.concat(chunks)));
  });
}

function toRequest(
  req: IncomingMessage,
  url: URL,
  body: Buffer | undefined,
  signal: AbortSignal,
): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    const value = req.rawHeaders[i + 1] ?? '';
    // Hop-by-hop headers are the server's business, not the service's.
    if (/^(connection|keep-alive|transfer-encoding|upgrade|host)$/i.test(name)) continue;
    headers.append(name, value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD' && body !== undefined && body.length > 0;
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

async function handle(
  internals: MockInternals,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const limit = internals.state.maxBodyBytes;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', origin);
    if (url.origin !== origin) throw new TypeError('absolute-form request target');
  } catch {
    send(res, 400, { message: 'Bad Request' });
    return;
  }
  const body = await readBody(req, limit);
  if (req.socket.destroyed) return;
  if (body === undefined) {
    send(res, 413, { message: 'Payload Too Large' });
    return;
  }
  let request: Request;
  try {
    // The caller hanging up aborts the request, as it does in MSW and mock.fetch, so a fault's
    // delay at the edge ends the same way over every transport.
    const hangUp = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) hangUp.abort();
    });
    request = toRequest(req, url, body, hangUp.signal);
  } catch {
    send(res, 400, { message: 'Bad Request' });
    return;
  }
  if (request.method === 'GET' && url.pathname === '/openapi.json') {
    // The service's OpenAPI document, its server set to this mock (loaded only when asked for).
    const { createOpenApiDocument } = await import('./openapi.js');
    send(res, 200, createOpenApiDocument({ serverUrl: origin }));
    return;
  }
  const callerIp = req.socket.remoteAddress ?? '';
  const result = await internals.router.handle(request, url.pathname, callerIp);
  if (result === NETWORK_ERROR) {
    req.socket.destroy();
    return;
  }
  const payload = Buffer.from(await result.arrayBuffer());
  const headers: Record<string, string> = {};
  result.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers['content-length'] = String(payload.length);
  res.writeHead(result.status, headers);
  res.end(payload);
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Serves a mock over `node:http`; see `startMockServer`.
 *
 * @internal
 */
export async function startServer(options: StartMockServerOptions): Promise<RunningMockServer> {
  const { createServer } = await import('node:http');
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  let internals: MockInternals | undefined = options.mock ? internalsOf(options.mock) : undefined;
  let origin = '';
  const server = createServer((req, res) => {
    if (!internals) {
      send(res, 503, { message: 'Service Unavailable' });
      return;
    }
    handle(internals, origin, req, res).catch(() => {
      send(res, 500, { message: 'Internal Server Error' });
    });
  });
  // Bad request lines, oversized headers and the like: answer 400 and drop the connection.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) {
      const body = '{"message":"Bad Request"}';
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    } else {
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${formatHost(host)}:${address.port}`;
  origin = new URL(url).origin;
  let mock: PaymentServiceMock;
  if (options.mock) {
    mock = options.mock;
  } else {
    const { port: _port, host: _host, mock: _mock, ...mockOptions } = options;
    mock = createPaymentServiceMock({ ...mockOptions, baseUrl: url });
  }
  internals ??= internalsOf(mock);
  let closed: Promise<void> | undefined;
  return {
    url,
    mock,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
