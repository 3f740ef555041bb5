import { type IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';

/** What a raw request got back. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly json: unknown;
}

/**
 * One request with `node:http`, headers exactly as given (a forged `Host` or `Origin` included),
 * to a server on 127.0.0.1. `body` is sent as it is.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** `rawRequest` with a JSON body and `Content-Type: application/json`. */
export function rawJson(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return rawRequest(
    baseUrl,
    method,
    path,
    { 'content-type': 'application/json', ...headers },
    JSON.stringify(body),
  );
}

/** What a raw socket got back before the server closed it (or stopped sending). */
export interface RawExchange {
  /** Every byte received, as text. */
  readonly text: string;
  /** The status code of each response in it, in order. */
  readonly statuses: number[];
  /** Whether the server closed the connection (rather than the wait running out). */
  readonly closedByServer: boolean;
}

/**
 * Writes `bytes` as they are on a raw TCP connection to 127.0.0.1:`port` (nothing parses or
 * fixes them), then reads until the server closes the connection, or until `idleMs` pass with
 * nothing more coming.
 */
export function rawExchange(port: number, bytes: string, idleMs = 10_000): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      wait();
    });
    let text = '';
    let idle: NodeJS.Timeout | undefined;
    const finish = (closedByServer: boolean) => {
      clearTimeout(idle);
      socket.destroy();
      // Not anchored to a line's start: a second answer follows the first one's body directly.
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1]));
      resolve({ text, statuses, closedByServer });
    };
    const wait = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish(false), idleMs);
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      wait();
    });
    socket.once('end', () => finish(true));
    socket.once('close', () => finish(true));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer still counts as the server closing; before it, it is a failure.
      if (text !== '') finish(true);
      else reject(error);
    });
  });
}
