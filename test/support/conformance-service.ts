// Services for the conformance command to be compared with: the mock itself over real HTTP, and a
// proxy in front of it that changes answers on the way back, as a service that drifted would.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ConformanceReport,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterEach } from 'vitest';

/** A mock served on 127.0.0.1 with a customer who has an e-mail and one Pix key. */
export interface ServedService {
  readonly running: RunningMockServer;
  readonly url: string;
  readonly email: string;
  readonly password: string;
  readonly customerId: string;
  close(): Promise<void>;
}

export async function startService(credentials?: {
  email: string;
  password: string;
}): Promise<ServedService> {
  const running = await startMockServer({ port: 0, ...(credentials ? { credentials } : {}) });
  const customer = running.mock.customers.create({ name: 'Ana Souza', email: 'ana@example.com' });
  const added = await fetch(`${running.url}/pix/customer/${customer._id}/key`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await running.mock.auth.issueToken()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ type: 'EMAIL', key: 'ana@example.com' }),
  });
  if (added.status !== 201) throw new Error(`could not register the key: ${added.status}`);
  return {
    running,
    url: running.url,
    ...running.mock.credentials,
    customerId: customer._id,
    close: () => running.close(),
  };
}

/** What the proxy received from the service, and may change before answering. */
export interface ProxiedAnswer {
  readonly method: string;
  readonly path: string;
  status: number;
  body: unknown;
}

/** A proxy on 127.0.0.1 that passes `transform` every answer of `target` before sending it on. */
export interface DriftedService {
  readonly url: string;
  close(): Promise<void>;
}

function readAll(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Changes a request's body on its way to the service (a lenient service, say). */
export type RequestRewrite = (method: string, path: string, body: string) => string;

export async function startDriftedService(
  target: string,
  transform: (answer: ProxiedAnswer) => void,
  rewrite?: RequestRewrite,
): Promise<DriftedService> {
  const server: Server = createServer(async (request, response) => {
    const read = (await readAll(request)).toString('utf8');
    const body = rewrite ? rewrite(request.method ?? 'GET', request.url ?? '/', read) : read;
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = await fetch(`${target}${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = await upstream.text();
    const answer: ProxiedAnswer = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      status: upstream.status,
      body: text === '' ? undefined : JSON.parse(text),
    };
    transform(answer);
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JWT anywhere in a text. */
export const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/** A renamed field, a changed message and a changed status, each on one operation. */
export function drift(answer: ProxiedAnswer): void {
  if (answer.path === '/withdraw/company/currencies' && Array.isArray(answer.body)) {
    answer.body = answer.body.map(({ symbol, ...rest }) => ({ ...rest, sign: symbol }));
  }
  if (answer.path.startsWith('/customer/') && answer.status === 404) {
    answer.body = { message: 'Cliente não encontrado' };
  }
  if (/^\/withdraw\/[0-9a-f]{24}\/details$/.test(answer.path) && answer.status === 404) {
    answer.status = 400;
  }
}

/** The differences {@link drift} causes, as the report lists them. */
export const EXPECTED_DRIFT = [
  {
    operation: 'GET /withdraw/company/currencies',
    scenario: 'with a token',
    check: 'body[].symbol',
    service: '(absent)',
    mock: 'string',
  },
  {
    operation: 'GET /withdraw/company/currencies',
    scenario: 'with a token',
    check: 'body[].sign',
    service: 'string',
    mock: '(absent)',
  },
  {
    operation: 'GET /customer/{CLIENT_ID}',
    scenario: 'unknown customer',
    check: 'body.message',
    service: '"Cliente não encontrado"',
    mock: '"Not Found"',
  },
  {
    operation: 'GET /withdraw/{TRANSACTION_ID}/details',
    scenario: 'unknown transaction',
    check: 'status',
    service: '400',
    mock: '404',
  },
];

/** The checks that differ, without their `agree`. */
export function differences(report: ConformanceReport) {
  return report.checks
    .filter((check) => !check.agree)
    .map(({ operation, scenario, check, service, mock }) => ({
      operation,
      scenario,
      check,
      service,
      mock,
    }));
}

/**
 * Starts services for one test file and closes them after each test.
 */
export function serviceFixtures() {
  let open: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(open.map((close) => close()));
    open = [];
  });
  return {
    async service(credentials?: { email: string; password: string }): Promise<ServedService> {
      const served = await startService(credentials);
      open.push(served.close);
      return served;
    },
    async drifted(
      target: string,
      transform = drift,
      rewrite?: RequestRewrite,
    ): Promise<DriftedService> {
      const proxy = await startDriftedService(target, transform, rewrite);
      open.push(proxy.close);
      return proxy;
    },
    /** Closes `close` after the test. */
    later(close: () => Promise<void>): void {
      open.push(close);
    },
  };
}
