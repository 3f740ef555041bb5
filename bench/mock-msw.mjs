// The mock per request, as a downstream test suite uses it: `setupServer(...mock.handlers)`
// against a hand-written static MSW handler for the same route, and `mock.fetch` with no MSW.
import diagnostics from 'node:diagnostics_channel';
import https from 'node:https';
import { dist, fmtMs, fmtRatio, interleaved, record } from './lib.mjs';

export async function benchMockMsw({ quick, random }) {
  const { createPaymentServiceMock } = await import(dist('mock/index.js'));
  const { http, HttpResponse } = await import('msw');
  const { setupServer } = await import('msw/node');
  const mock = createPaymentServiceMock({ seed: 1 });
  const login = await mock.fetch(`${mock.baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(mock.credentials),
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const url = `${mock.baseUrl}/withdraw/company/currencies`;
  // The static handler answers what the mock answers, so both send the same bytes.
  const body = await (await mock.fetch(url, { headers })).json();
  const staticHandler = http.get(url, () => HttpResponse.json(body));

  // One MSW server, as in a suite; each contender installs its handler before its calls.
  const server = setupServer();
  server.listen({ onUnhandledRequest: 'error' });
  const call = async () => {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`the mock answered ${response.status}`);
    return response.json();
  };
  const agent = new https.Agent({ keepAlive: true });
  const viaAgent = () =>
    new Promise((resolve, reject) => {
      const request = https.get(url, { agent, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.once('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      });
      request.once('error', reject);
    });
  // Each contender installs its handler at the start of its turn, outside the timing.
  const contenders = [
    ['static MSW handler', call, () => server.resetHandlers(staticHandler)],
    ['setupServer(...mock.handlers)', call, () => server.resetHandlers(...mock.handlers)],
    ['static MSW handler (control)', call, () => server.resetHandlers(staticHandler)],
    // A client of `node:https` with a keep-alive agent (as many HTTP libraries have) keeps its
    // connection only when the answer declares its length.
    ['static MSW handler, node:https agent', viaAgent, () => server.resetHandlers(staticHandler)],
    [
      'setupServer(...mock.handlers), node:https agent',
      viaAgent,
      () => server.resetHandlers(...mock.handlers),
    ],
    [
      'mock.fetch',
      async () => (await mock.fetch(url, { headers })).json(),
      () => server.resetHandlers(),
    ],
  ];
  const rounds = quick ? 8 : 20;
  const perRound = quick ? 50 : 100;
  const result = await interleaved(contenders, {
    rounds,
    perRound,
    warmup: quick ? 100 : 300,
    random,
  });
  const fetchConnections = {};
  const agentReuse = {};
  for (const [name, , install] of contenders.slice(0, 2)) {
    install();
    fetchConnections[name] = await connectionsOpened(() => call(), 100);
    agentReuse[name] = await socketsReused(url, headers, 100);
  }
  agent.destroy();
  server.close();
  const ratio = result.ratio('setupServer(...mock.handlers)', 'static MSW handler');
  record(
    'mock per request: static MSW handler p50',
    fmtMs(result.p50('static MSW handler')),
    undefined,
    undefined,
    `(${rounds * perRound} requests each, ${rounds} rounds)`,
  );
  const control = result.ratio('static MSW handler (control)', 'static MSW handler');
  record(
    'mock per request: control (the static handler again) over the static handler',
    fmtRatio(control),
    '1.00× within ±3 %',
    Math.abs(control - 1) <= 0.03,
    Math.abs(control - 1) <= 0.03 ? '(the run is sound)' : '(the machine was too noisy: rerun)',
  );
  record(
    'mock per request: mock.fetch over the static MSW handler',
    fmtRatio(result.ratio('mock.fetch', 'static MSW handler')),
    undefined,
    undefined,
    `(p50 ${fmtMs(result.p50('mock.fetch'))})`,
  );
  record(
    'mock per request: setupServer(...mock.handlers) over the static MSW handler',
    fmtRatio(ratio),
    '≤ 1.15×',
    ratio <= 1.15,
    `(p50 ${fmtMs(result.p50('setupServer(...mock.handlers)'))})`,
  );
  const agentRatio = result.ratio(
    'setupServer(...mock.handlers), node:https agent',
    'static MSW handler, node:https agent',
  );
  record(
    'mock per request, node:https keep-alive agent: setupServer(...mock.handlers) over the static handler',
    fmtRatio(agentRatio),
    '≤ 1.15×',
    agentRatio <= 1.15,
    `(p50 ${fmtMs(result.p50('setupServer(...mock.handlers), node:https agent'))} and ${fmtMs(result.p50('static MSW handler, node:https agent'))})`,
  );
  // Why the two can differ: an answer of undeclared length ends its connection under MSW.
  for (const name of ['static MSW handler', 'setupServer(...mock.handlers)']) {
    record(
      `mock per request: ${name}, connections kept`,
      `fetch opened ${fetchConnections[name]} connection(s) for 100 requests; a node:https keep-alive agent reused its socket for ${agentReuse[name]} of 100`,
    );
  }
}

/** How many connections fetch (Undici) opened for `count` sequential calls. */
async function connectionsOpened(call, count) {
  let opened = 0;
  const onConnected = () => {
    opened += 1;
  };
  diagnostics.subscribe('undici:client:connected', onConnected);
  try {
    for (let i = 0; i < count; i++) await call();
  } finally {
    diagnostics.unsubscribe('undici:client:connected', onConnected);
  }
  return opened;
}

/** How many of `count` sequential `node:https` requests through a keep-alive agent reused a socket. */
async function socketsReused(url, headers, count) {
  const agent = new https.Agent({ keepAlive: true });
  let reused = 0;
  for (let i = 0; i < count; i++) {
    await new Promise((resolve, reject) => {
      const request = https.get(url, { agent, headers }, (response) => {
        response.resume();
        response.once('end', resolve);
      });
      request.once('error', reject);
      if (request.reusedSocket) reused += 1;
    });
  }
  agent.destroy();
  return reused;
}
