import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BodyReader, readUpTo } from '../../../src/seam/body.js';
import { HttpError, reasonHeader, reasonPhrase } from '../../service/answers.js';
import type { MockRequest } from '../../service/request.js';
import { type MockParts, NETWORK_ERROR } from '../../service/router.js';
import type { PaymentServiceMock } from '../../types/controls.js';
import type { MockServerListenOptions, RunningMockServer } from '../../types/server.js';
import { CONSOLE_HEADERS, CONSOLE_PATH, consoleFile } from './console/files.js';
import {
  type AccessRules,
  accessRules,
  pointsAtServer,
  type RouteKind,
  refusalOf,
} from './server-access.js';

/** The mock a server serves: the public object, and the parts requests go through. */
export interface ServedMock {
  readonly mock: PaymentServiceMock;
  readonly parts: MockParts;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  earlyAnswers.add(res);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** How long, and how much more, an early answer reads and drops of a body it refused. */
const LINGER_MS = 5_000;
const LINGER_BYTES = 64 * 1024 * 1024;

// The answers given before their request's body was read: a parse error in that body ends them.
const earlyAnswers = new WeakSet<ServerResponse>();

/**
 * Answers before the request body is read (a refusal, a 413) and closes the connection. The
 * answer goes out whole at once; then the rest of the body is read and dropped until it ends (at
 * most {@link LINGER_MS} and {@link LINGER_BYTES}): closing a socket with unread data resets it,
 * and a reset can reach the caller before it has read the answer.
 */
function answerEarly(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: Record<string, string>,
  reason?: string,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  earlyAnswers.add(res);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
    ...(reason === undefined ? {} : reasonHeader(reason)),
  });
  if (req.complete) {
    res.end(text);
    return;
  }
  res.write(text);
  const socket = req.socket;
  let dropped = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  req.on('error', () => undefined);
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  req.once('end', () => {
    clearTimeout(timer);
    res.end();
  });
  req.resume();
}

const EMPTY = new Uint8Array(0);

/**
 * Node's request read chunk by chunk. Stopped (past the limit), it leaves the unread rest in place
 * (`destroyOnReturn: false`) for the early answer to read and drop: destroying the request would
 * reset the connection before the caller reads the 413.
 */
function bodyReader(req: IncomingMessage): BodyReader {
  const chunks = req.iterator({ destroyOnReturn: false });
  // Stopping only detaches the reader from the request; nothing is left to report if it fails.
  const stop = async () => {
    await chunks.return?.().catch(() => undefined);
  };
  return { read: () => chunks.next(), cancel: stop, releaseLock: () => void stop() };
}

/** Whether the caller of a request hung up, and the signal that says so once asked for. */
interface HangUp {
  hungUp: boolean;
  controller?: AbortController;
}

// Hop-by-hop headers are the server's business, not the service's.
const HOP_BY_HOP = /^(connection|keep-alive|transfer-encoding|upgrade|host)$/;

/**
 * Node's request as the router reads it, with no Fetch `Request` built: headers are looked up in
 * `rawHeaders` when asked for (a handful per request), the body is the one already read, and the
 * abort signal exists only if something waits on it (a fault's delay).
 */
function nodeRequest(
  req: IncomingMessage,
  method: string,
  url: string,
  body: Uint8Array,
  hangUp: HangUp,
): MockRequest {
  // A GET or HEAD has no body for the service, as a Fetch `Request` would carry none.
  const bytes = method === 'GET' || method === 'HEAD' ? new Uint8Array(0) : body;
  return {
    method,
    url,
    header(name) {
      if (HOP_BY_HOP.test(name)) return null;
      const raw = req.rawHeaders;
      let value: string | null = null;
      for (let i = 0; i < raw.length; i += 2) {
        const key = raw[i] ?? '';
        if (key.length !== name.length || key.toLowerCase() !== name) continue;
        const item = raw[i + 1] ?? '';
        value = value === null ? item : `${value}, ${item}`;
      }
      return value;
    },
    get signal() {
      if (hangUp.controller === undefined) {
        hangUp.controller = new AbortController();
        if (hangUp.hungUp) hangUp.controller.abort();
      }
      return hangUp.controller.signal;
    },
    bytes: async (limit) => {
      if (bytes.byteLength > limit) throw new HttpError(413, `body exceeds ${limit} bytes`);
      return bytes;
    },
  };
}

// A path that the WHATWG URL parser leaves as it is: no dot segment, no percent-encoding, no
// character it would encode, no query; not `//` (which it reads as a host).
const PLAIN_PATH = /^\/(?!\/)[\w\-/]*$/;

async function handle(
  parts: MockParts,
  access: AccessRules,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
  hangUp: HangUp,
): Promise<void> {
  const limit = parts.state.maxBodyBytes;
  const target = req.url ?? '/';
  let pathname: string;
  let href: string;
  if (PLAIN_PATH.test(target)) {
    pathname = target;
    href = origin + target;
  } else {
    try {
      const url = new URL(target, origin);
      if (url.origin !== origin) throw new TypeError('absolute-form request target');
      pathname = url.pathname;
      href = url.href;
    } catch {
      answerEarly(
        req,
        res,
        400,
        { message: reasonPhrase(400) },
        'the request target is not a path',
      );
      return;
    }
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const file = method === 'GET' || method === 'HEAD' ? consoleFile(pathname) : undefined;
  const kind: RouteKind = file
    ? pathname === CONSOLE_PATH
      ? 'console-page'
      : 'console-file'
    : pathname === '/__mock' || pathname.startsWith('/__mock/')
      ? 'control'
      : 'service';
  const refusal = refusalOf(access, req, kind);
  if (refusal) {
    answerEarly(
      req,
      res,
      refusal.status,
      { message: reasonPhrase(refusal.status), detail: refusal.detail },
      refusal.detail,
    );
    return;
  }
  const declared = Number(req.headers['content-length']);
  const tooLarge = `the body is larger than maxBodyBytes (${limit} bytes)`;
  if (Number.isFinite(declared) && declared > limit) {
    answerEarly(req, res, 413, { message: reasonPhrase(413) }, tooLarge);
    return;
  }
  // `Expect: 100-continue`: the checks above passed, so the caller may send its body.
  if (req.headers.expect !== undefined && /^100-continue$/i.test(req.headers.expect)) {
    res.writeContinue();
  }
  // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112 6.3): nothing to
  // wait for, the common case of a GET.
  const framed =
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  let body: Uint8Array | undefined = EMPTY;
  try {
    if (framed) body = await readUpTo(bodyReader(req), limit);
    else req.resume();
  } catch (error) {
    // The caller hung up mid-body: no one to answer.
    if (req.socket.destroyed) return;
    throw error;
  }
  if (req.socket.destroyed) return;
  if (body === undefined) {
    answerEarly(req, res, 413, { message: reasonPhrase(413) }, tooLarge);
    return;
  }
  if (file) {
    // The operator console: its page, script or styles, under the rules of the control routes.
    res.writeHead(200, {
      ...CONSOLE_HEADERS,
      'content-type': file.type,
      'content-length': Buffer.byteLength(file.body),
    });
    res.end(method === 'HEAD' ? undefined : file.body);
    return;
  }
  if (method === 'GET' && pathname === '/openapi.json') {
    // The service's OpenAPI document, its server set to this mock (loaded only when asked for).
    const { createOpenApiDocument } = await import('../../openapi/document.js');
    send(res, 200, createOpenApiDocument({ serverUrl: origin }));
    return;
  }
  const callerIp = req.socket.remoteAddress ?? '';
  // The caller hanging up aborts the request, as it does in MSW and mock.fetch, so a fault's
  // delay at the edge ends the same way over every transport.
  const request = nodeRequest(req, method, href, body, hangUp);
  const result = await parts.router.handle(request, pathname, callerIp);
  if (result === NETWORK_ERROR) {
    req.socket.destroy();
    return;
  }
  // Answered already: the server was closed while this request was running.
  if (res.headersSent) return;
  const { status } = result;
  if (status === 204 || status === 304 || result.body === null) {
    // No body, and none declared on a status that cannot have one.
    const headers = { ...result.headers };
    if (status === 204 || status === 304) delete headers['content-length'];
    else headers['content-length'] = '0';
    res.writeHead(status, headers);
    res.end();
    return;
  }
  // The answer declares the UTF-8 length of its text; a string body leaves in one write with the
  // head (Node joins them), not in two.
  res.writeHead(status, result.headers);
  res.end(result.body);
}

const CLOSED_DURING_CALL =
  'the mock server was closed while this request was running: await every call before close()';

/** What `listen` failed with, saying what to do: a busy port (`EADDRINUSE`) above all. */
function listenError(error: Error, host: string, port: number): Error {
  const code = (error as { code?: unknown }).code;
  const advice =
    code === 'EADDRINUSE'
      ? `port ${port} on ${host} is already in use: stop what listens there, choose another port, or pass port 0 for a free one`
      : code === 'EACCES'
        ? `port ${port} on ${host} needs privileges: choose a port above 1023, or port 0 for a free one`
        : code === 'EADDRNOTAVAIL'
          ? `${host} is not an address of this machine: use 127.0.0.1, or an address of one of its interfaces`
          : undefined;
  if (advice === undefined) return error;
  // The code stays on the error, for callers that check it.
  return Object.assign(
    new Error(`startMockServer: ${advice} (${String(code)})`, { cause: error }),
    {
      code,
    },
  );
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

// What the control token may hold: visible ASCII, so it travels in a header unchanged.
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/**
 * Listens over `node:http` as `options` say, then serves the mock that `mount` gives for the
 * server's URL; see `startMockServer`. When `mount` throws, nothing is left listening.
 *
 * @internal
 */
export async function startServer(
  options: MockServerListenOptions,
  mount: (url: string) => ServedMock,
): Promise<RunningMockServer> {
  const { createServer } = await import('node:http');
  const { createHash, timingSafeEqual } = await import('node:crypto');
  const { networkInterfaces } = await import('node:os');
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const { controlToken, allowedHosts } = options;
  let checkToken: ((presented: string) => boolean) | undefined;
  if (controlToken !== undefined) {
    // The message never shows the token, right or wrong.
    if (typeof controlToken !== 'string' || !TOKEN_CHARACTERS.test(controlToken)) {
      throw new TypeError('controlToken must be a non-empty string of visible ASCII characters');
    }
    // Digests of equal length, compared in constant time: the answer's timing says nothing.
    const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
    const expected = digest(controlToken);
    checkToken = (presented) => timingSafeEqual(digest(presented), expected);
  }
  const rulesFor = (boundPort: number) =>
    accessRules({
      host,
      port: boundPort,
      allowedHosts,
      checkToken,
      interfaceAddresses: () =>
        Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)),
    });
  rulesFor(port); // refuses bad allowedHosts before anything listens
  let ready: { parts: MockParts; access: AccessRules } | undefined;
  let origin = '';
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (!ready) {
      answerEarly(req, res, 503, { message: reasonPhrase(503) });
      return;
    }
    inFlight.add(res);
    const hangUp: HangUp = { hungUp: false };
    res.once('close', () => {
      inFlight.delete(res);
      if (res.writableFinished) return;
      hangUp.hungUp = true;
      hangUp.controller?.abort();
    });
    handle(ready.parts, ready.access, origin, req, res, hangUp).catch(() => {
      send(res, 500, { message: reasonPhrase(500) });
    });
  });
  // `Expect: 100-continue` goes to the request handler, which lets the body come only once the
  // request has passed the checks that need no body (an oversized one is answered 413 at once).
  server.on('checkContinue', (req, res) => server.emit('request', req, res));
  // Bad request lines, oversized headers and the like: answer 400 and drop the connection.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Bytes after a request that closes the connection (HTTP/1.0, `Connection: close`, an early
    // refusal): they are no request of their own and get no answer; the connection ends after
    // the answer to the request before them.
    // An early answer under way, whose unread body the parser then found malformed, is the only
    // answer on this connection: it ends, and the connection closes after it.
    const underWay = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    if (underWay && earlyAnswers.has(underWay)) {
      underWay.end();
      return;
    }
    if (error.code === 'HPE_CLOSED_CONNECTION') {
      if (!underWay) socket.destroy();
      return;
    }
    if (socket.writable) {
      const body = JSON.stringify({ message: reasonPhrase(400) });
      socket.end(
        `HTTP/1.1 400 ${reasonPhrase(400)}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    } else {
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => reject(listenError(error, host, port));
    server.once('error', fail);
    // A test that opens a thousand connections at once (a burst on a cold client) is served, not
    // reset: Node's default queue of 511 waiting connections overflows while the event loop is
    // busy. The system caps the queue at its own limit (net.core.somaxconn).
    server.listen({ port, host, backlog: 4096 }, () => {
      server.off('error', fail);
      resolve();
    });
  });
  let closed: Promise<void> | undefined;
  let forgetSelf: () => void = () => undefined;
  const close = () => {
    forgetSelf();
    closed ??= new Promise<void>((resolve) => {
      // A request still being answered gets a last answer that says why, not a reset socket:
      // a test that closes the server before awaiting its calls then reads what went wrong. Its
      // connection closes once that answer is out; any other is dropped shortly after.
      for (const res of inFlight) {
        answerEarly(res.req, res, 410, { message: reasonPhrase(410) }, CLOSED_DURING_CALL);
      }
      const timer = setTimeout(() => server.closeAllConnections(), 200);
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
    return closed;
  };
  const address = server.address() as AddressInfo;
  const url = `http://${formatHost(host)}:${address.port}`;
  origin = new URL(url).origin;
  let served: ServedMock;
  try {
    served = mount(url);
    const access = rulesFor(address.port);
    // A webhook URL that reaches this server is refused: a delivery could loop back in.
    const { state } = served.parts;
    forgetSelf = state.webhooks.addSelf(
      (target) => pointsAtServer(access, target),
      state.webhookUrls(),
    );
    ready = { parts: served.parts, access };
  } catch (error) {
    // Invalid mock options: nothing is left listening.
    await close();
    throw error;
  }
  return { url, mock: served.mock, close };
}
