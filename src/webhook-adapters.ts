// Node.js servers (node:http, Express, Fastify) in front of the web-standard webhook handler. No
// framework is imported, not even its types: each adapter states the few members it uses.

import { PaymentValidationError } from './errors/index.js';

/**
 * A web-standard handler an adapter serves: what {@link createWebhookHandler} returns, or any
 * `(request) => Response` (a Hono app's `fetch`).
 *
 * @example
 * ```ts
 * const web: WebRequestHandler = createWebhookHandler({ client, onEvent });
 * ```
 */
export type WebRequestHandler = (request: Request) => Response | Promise<Response>;

/**
 * The part of a Node.js request (`http.IncomingMessage`, an Express `req`) the adapters read.
 *
 * @example
 * ```ts
 * createServer((req: NodeWebhookRequest, res) => listener(req, res));
 * ```
 */
export interface NodeWebhookRequest {
  /** `GET`, `POST`, … */
  readonly method?: string | undefined;
  /** The path and query, as received (`/webhooks/pix?x=1`). */
  readonly url?: string | undefined;
  /** Express's path before a mounted router cut it. */
  readonly originalUrl?: string | undefined;
  /** Header names and values, as received: `[name, value, name, value, …]`. */
  readonly rawHeaders: ReadonlyArray<string>;
  /** The connection: its peer's address, and whether it is TLS. */
  readonly socket: {
    /** The peer's address (`::ffff:203.0.113.7` for IPv4 on a dual-stack socket). */
    readonly remoteAddress?: string | undefined;
    /** `true` on a TLS socket. */
    readonly encrypted?: boolean;
  };
  /** Express's and Fastify's client address, which follows their `trust proxy` setting. */
  readonly ip?: unknown;
  /** What a body parser left, if one ran. */
  readonly body?: unknown;
  /** Whether the body stream has already been read to its end. */
  readonly readableEnded?: boolean;
  /** A chunk of the body arrived. */
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  /** The body ended, or the connection closed. */
  on(event: 'end' | 'close', listener: () => void): unknown;
  /** The body could not be read (the sender aborted it). */
  on(event: 'error', listener: (error: unknown) => void): unknown;
  /** Stops reading the socket. */
  pause(): unknown;
  /** Reads the socket on. */
  resume(): unknown;
}

/**
 * The part of a Node.js response (`http.ServerResponse`, an Express `res`) the adapters write.
 *
 * @example
 * ```ts
 * createServer((req, res: NodeWebhookResponse) => listener(req, res));
 * ```
 */
export interface NodeWebhookResponse {
  /** Whether the status line and headers were sent already. */
  readonly headersSent?: boolean;
  /** Sends the status line and headers. */
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  /** Sends the body and ends the response. */
  end(body?: Uint8Array): unknown;
}

/**
 * The Node.js listener {@link toNodeListener} returns: `(req, res, next?)`, a `node:http` request
 * listener and an Express route handler.
 *
 * @example
 * ```ts
 * const listener: NodeWebhookListener = toNodeListener(handler);
 * ```
 */
export type NodeWebhookListener = (
  req: NodeWebhookRequest,
  res: NodeWebhookResponse,
  next?: (error?: unknown) => void,
) => Promise<void>;

/**
 * The part of a Fastify request the adapter reads.
 *
 * @example
 * ```ts
 * scope.post('/webhooks/pix', (request: FastifyWebhookRequest, reply) => route(request, reply));
 * ```
 */
export interface FastifyWebhookRequest {
  /** The Node.js request beneath. */
  readonly raw: NodeWebhookRequest;
  /** What the content-type parser left: nothing (the stream is read here) or the raw bytes. */
  readonly body?: unknown;
  /** The client address, which follows Fastify's `trustProxy` option. */
  readonly ip?: unknown;
}

/**
 * The part of a Fastify reply the adapter writes.
 *
 * @example
 * ```ts
 * scope.post('/webhooks/pix', (request, reply: FastifyWebhookReply) => route(request, reply));
 * ```
 */
export interface FastifyWebhookReply {
  /** Sets the status. */
  code(status: number): unknown;
  /** Sets a header. */
  header(name: string, value: string | string[]): unknown;
  /** Sends the body. */
  send(body: Uint8Array): unknown;
}

// The address each adapter saw for the Requests it built, for nodeSenderAddress.
const senders = /* @__PURE__ */ new WeakMap<Request, string>();

/**
 * The sender's address of a `Request` that {@link toNodeListener} or {@link toFastifyHandler}
 * built: the socket's peer address, or, when Express's `trust proxy` or Fastify's `trustProxy` is
 * set, the client address that setting derives (`req.ip`). `undefined` for any other `Request`.
 * Give it to {@link createWebhookHandler} as `senderAddress` to accept only the provider's
 * address; no header is ever read unless you configured your framework to trust your proxy.
 *
 * @example
 * ```ts
 * const handler = createWebhookHandler({ client, onEvent, senderAddress: nodeSenderAddress });
 * app.post('/webhooks/pix', toNodeListener(handler));
 * ```
 */
export function nodeSenderAddress(request: Request): string | undefined {
  return senders.get(request);
}

const bodyParserRan = (where: string) =>
  new PaymentValidationError(
    [
      {
        path: ['body'],
        message: `was already read by a body parser (${where}); mount the webhook route before it, or without it, so that the handler reads the raw body`,
      },
    ],
    'The webhook body was already consumed',
  );

/** Whether the adapter read a request's body to its end. */
interface BodyState {
  ended: boolean;
}

const asBytes = (chunk: Uint8Array | string) =>
  typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;

/**
 * The request's body as a stream that reads the socket only as fast as the handler asks, so the
 * handler's own size limit stops it: nothing is read beyond what the handler takes.
 */
function bodyStream(req: NodeWebhookRequest, state: BodyState): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk) => {
          if (settled) return;
          controller.enqueue(asBytes(chunk));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => {
          state.ended = true;
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.on('error', (error) => {
          if (settled) return;
          settled = true;
          controller.error(error);
        });
        req.on('close', () => {
          if (settled) return;
          settled = true;
          controller.error(new Error('The connection closed before the webhook body ended'));
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        settled = true;
        req.pause();
      },
    },
    { highWaterMark: 1 },
  );
}

/** The client address an adapter hands over: `req.ip` (framework-configured), else the socket's. */
const addressOf = (ip: unknown, req: NodeWebhookRequest) =>
  typeof ip === 'string' && ip !== '' ? ip : req.socket.remoteAddress;

/** The web-standard `Request` for a Node.js request, and the state of its body. */
function toRequest(
  req: NodeWebhookRequest,
  body: unknown,
  ip: unknown,
  where: string,
): { request: Request; state: BodyState } {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
    } catch {
      // A header the Fetch API refuses is not one the handler reads.
    }
  }
  const path = req.originalUrl ?? req.url ?? '/';
  const base = `${req.socket.encrypted === true ? 'https' : 'http'}://localhost`;
  let url: URL;
  try {
    url = new URL(path.startsWith('/') ? path : `/${path}`, base);
  } catch {
    url = new URL('/', base);
  }
  const state: BodyState = { ended: false };
  let init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (method !== 'GET' && method !== 'HEAD') {
    if (body instanceof Uint8Array) {
      // A raw body parser (express.raw, Fastify's parseAs: 'buffer') kept the exact bytes.
      state.ended = true;
      init = { ...init, body: body as Uint8Array<ArrayBuffer> };
    } else if (body !== undefined || req.readableEnded === true) {
      throw bodyParserRan(where);
    } else {
      init = { ...init, body: bodyStream(req, state), duplex: 'half' };
    }
  }
  const request = new Request(url, init);
  const address = addressOf(ip, req);
  if (address !== undefined) senders.set(request, address);
  return { request, state };
}

function checkHandler(handler: unknown): void {
  if (typeof handler !== 'function') {
    throw new PaymentValidationError(
      [{ path: ['handler'], message: 'must be a function of a Request' }],
      'Invalid webhook handler',
    );
  }
}

/** The handler's answer as a status, headers and bytes; `connection: close` when the body was left unread. */
async function answer(handler: WebRequestHandler, request: Request, state: BodyState) {
  const response = await handler(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A body the handler refused (too large, a sender off the list) is not read on: the connection
  // closes after the answer rather than take the rest.
  if (!state.ended) headers.connection = 'close';
  return { status: response.status, headers, bytes };
}

/**
 * Serves a web-standard webhook handler ({@link createWebhookHandler}) to Node.js: a listener
 * `(req, res, next?)` for `node:http` and for Express 5 routes. It streams the raw body to the
 * handler, so the handler's `maxBodyBytes` applies (a larger body gets 413 and the connection is
 * closed, the rest unread), and records the sender's address for {@link nodeSenderAddress}.
 *
 * Mount it without `express.json()` or any body parser in front: a parsed body is refused with
 * a `PaymentValidationError` (passed to Express's `next`, or answered 500 and logged), never
 * handled as an empty one. `express.raw()` in front is accepted: its bytes are the body.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createWebhookHandler, nodeSenderAddress, toNodeListener } from 'pix-payment-sdk';
 *
 * const handler = createWebhookHandler({ client, onEvent, senderAddress: nodeSenderAddress });
 * const app = express();
 * app.post('/webhooks/pix', toNodeListener(handler)); // no express.json() on this route
 * // or, without a framework: createServer(toNodeListener(handler)).listen(8080);
 * ```
 */
export function toNodeListener(handler: WebRequestHandler): NodeWebhookListener {
  checkHandler(handler);
  return async (req, res, next) => {
    try {
      const { request, state } = toRequest(req, req.body, req.ip, 'express.json() or the like');
      const { status, headers, bytes } = await answer(handler, request, state);
      res.writeHead(status, headers);
      res.end(bytes);
    } catch (error) {
      if (next !== undefined) {
        next(error);
        return;
      }
      console.error('pix-payment-sdk: webhook not handled:', error);
      if (res.headersSent !== true) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      }
      res.end(new TextEncoder().encode('Internal Server Error'));
    }
  };
}

/**
 * Serves a web-standard webhook handler ({@link createWebhookHandler}) as a Fastify 5 route
 * handler. Fastify parses JSON before a route runs, so register the route in a scope whose
 * content-type parser leaves the body unread: the handler then streams it under its own
 * `maxBodyBytes` (413 above it). A buffer parser (`parseAs: 'buffer'`) works too; a parsed
 * object is refused with a `PaymentValidationError` (Fastify answers 500 and logs it). The sender's
 * address (`request.ip`, which follows `trustProxy`) is recorded for {@link nodeSenderAddress}.
 *
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * import { createWebhookHandler, nodeSenderAddress, toFastifyHandler } from 'pix-payment-sdk';
 *
 * const handler = createWebhookHandler({ client, onEvent, senderAddress: nodeSenderAddress });
 * const app = Fastify();
 * await app.register(async (scope) => {
 *   scope.removeAllContentTypeParsers();
 *   scope.addContentTypeParser('*', (_request, _payload, done) => done(null)); // body left unread
 *   scope.post('/webhooks/pix', toFastifyHandler(handler));
 * });
 * ```
 */
export function toFastifyHandler(
  handler: WebRequestHandler,
): (request: FastifyWebhookRequest, reply: FastifyWebhookReply) => Promise<FastifyWebhookReply> {
  checkHandler(handler);
  return async (request, reply) => {
    const { request: web, state } = toRequest(
      request.raw,
      request.body,
      request.ip,
      "Fastify's own parser: add addContentTypeParser('*', (_request, _payload, done) => done(null)) in the route's scope",
    );
    const { status, headers, bytes } = await answer(handler, web, state);
    reply.code(status);
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    reply.send(bytes);
    return reply;
  };
}
