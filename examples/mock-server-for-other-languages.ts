/**
 * The mock as a real HTTP server, driven the way a Python, Go or Java test suite would:
 * `npx tsx examples/mock-server-for-other-languages.ts`
 *
 * Outside Node, start it from a shell and point your suite at it:
 *
 *   export PIX_PAYMENT_MOCK_CONTROL_TOKEN=$(openssl rand -hex 32)
 *   npx pix-payment-mock --port 4010          # prints URL, e-mail, password, a customer id
 *   BASE=http://127.0.0.1:4010
 *
 * Everything below uses plain HTTP only — no SDK, no mock object — so each call translates line
 * for line into `requests`, `net/http` or `HttpClient`; the equivalent `curl` is printed before
 * each. The control routes under `/__mock/` (never faulted, not journaled) reset state, create
 * customers, settle transactions, inject faults and read the journals: send their bodies as
 * `application/json`, and the control token, when the server has one, in `X-Mock-Control-Token`.
 * `GET /openapi.json` serves the service's OpenAPI document (generate a typed client from it).
 * Here `startMockServer({ port: 0, controlToken })` starts the same server in-process on a free
 * port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockServer } from 'pix-payment-sdk/mock';

// A control token, as a mock shared on a network should have (the bin reads it from
// PIX_PAYMENT_MOCK_CONTROL_TOKEN or --control-token).
const CONTROL_TOKEN = crypto.randomUUID();
const running = await startMockServer({ port: 0, controlToken: CONTROL_TOKEN });
const BASE = running.url;
let TOKEN = '';

/** One HTTP call, printed as curl first. Returns status and parsed JSON body. */
async function call(method: string, path: string, body?: unknown, auth = false) {
  const control = path.startsWith('/__mock/');
  const curl = [`curl -s -X ${method} "$BASE${path}"`];
  if (auth) curl.push(`-H "authorization: Bearer $TOKEN"`);
  if (control) curl.push(`-H "x-mock-control-token: $PIX_PAYMENT_MOCK_CONTROL_TOKEN"`);
  if (body !== undefined)
    curl.push(`-H 'content-type: application/json' -d '${JSON.stringify(body)}'`);
  console.log(`$ ${curl.join(' ')}`);
  const response = await fetch(BASE + path, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${TOKEN}` } : {}),
      ...(control ? { 'x-mock-control-token': CONTROL_TOKEN } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: raw JSON, as an untyped language would see it
  const json: any = text ? JSON.parse(text) : undefined;
  return { status: response.status, json };
}
const show = (line: string) => console.log(`  → ${line}\n`);

// A webhook receiver, as your suite would run one (any language: an HTTP server answering 200).
const received: unknown[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  req.on('end', () => {
    received.push(JSON.parse(body));
    res.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

try {
  console.log(`BASE=${BASE}\n`);
  let r = await call('GET', '/openapi.json');
  show(
    `${r.status} OpenAPI ${r.json.openapi}, "${r.json.info.title}", ${Object.keys(r.json.paths).length} paths, server ${r.json.servers[0].url}`,
  );

  r = await call('POST', '/__mock/reset'); // in your suite's setUp / beforeEach
  const { email, password } = r.json.credentials;
  show(`${r.status} fresh state; credentials from the state: ${email} / ${password}`);

  r = await call('PUT', '/__mock/webhooks/url', { url: receiverUrl });
  show(`${r.status} deliveries go to ${receiverUrl}`);

  r = await call('POST', '/auth/token', { email, password });
  TOKEN = r.json.token;
  show(`${r.status} token (export TOKEN=…)`);

  r = await call('POST', '/__mock/customers', { name: 'Ana Souza' });
  const customerId: string = r.json._id;
  show(`${r.status} customer ${customerId}, document ${r.json.document}`);

  r = await call(
    'POST',
    `/pix/customer/${customerId}/key`,
    { type: 'EMAIL', key: 'ana@example.com' },
    true,
  );
  const pixKey = r.json.key;
  show(`${r.status} ${r.json.message}: ${JSON.stringify(pixKey)}`);

  r = await call('GET', '/withdraw/company/currencies', undefined, true);
  const currency = r.json[0];
  show(
    `${r.status} ${r.json.length} currency: ${currency.name} ${currency._id} (send the whole object)`,
  );

  r = await call(
    'POST',
    '/withdraw',
    { amount: 10.5, customerId, currency, pixKey, externalId: 'order-1' },
    true,
  );
  const withdrawalId: string = r.json._id;
  show(`${r.status} ${r.json.status} ${withdrawalId}`);

  r = await call('POST', `/__mock/withdrawals/${withdrawalId}/settle`, { status: 'PAID' });
  show(
    `${r.status} ${r.json.withdrawal.status}; delivery ${r.json.delivery.outcome} ${r.json.delivery.status}; receiver got ${JSON.stringify(received.at(-1))}`,
  );

  r = await call('POST', '/__mock/faults', {
    method: 'GET',
    path: '/withdraw/company/currencies',
    status: 500,
  });
  show(`${r.status} fault ${r.json.id} armed (once)`);
  r = await call('GET', '/withdraw/company/currencies', undefined, true);
  show(`${r.status} ${JSON.stringify(r.json)} — your client's retry path`);
  r = await call('GET', '/withdraw/company/currencies', undefined, true);
  show(`${r.status} the fault was used up`);

  r = await call('GET', '/__mock/requests');
  show(
    `${r.status} journal:\n${r.json.map((e: { method: string; path: string; status: number }) => `      ${e.method} ${e.path} ${e.status}`).join('\n')}`,
  );

  r = await call('GET', '/__mock/webhooks/deliveries');
  show(
    `${r.status} ${r.json.map((d: { id: number; trigger: string; outcome: string }) => `#${d.id} ${d.trigger} ${d.outcome}`).join(', ')}`,
  );

  if (received.length !== 1) throw new Error('expected one delivery');
} finally {
  await running.close();
  await new Promise<void>((resolve) => {
    receiver.close(() => resolve());
    receiver.closeAllConnections();
  });
}
