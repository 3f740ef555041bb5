// The proxy recipe of docs/configuration.md: the client's `fetch` option given Node's `fetch` with
// undici's `EnvHttpProxyAgent` as its dispatcher. A real forward proxy on 127.0.0.1 (undici
// tunnels through it with CONNECT) in front of the mock server, also on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { PaymentClient } from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { EnvHttpProxyAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let service: RunningMockServer;
let proxy: Server;
let proxyUrl: string;
const tunnels: string[] = [];

beforeEach(async () => {
  tunnels.length = 0;
  service = await startMockServer({ port: 0 });
  proxy = createServer((_, response) => response.writeHead(405).end());
  proxy.on('connect', (request, socket, head) => {
    tunnels.push(request.url ?? '');
    const [host = '', port = ''] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await service.close();
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

/** The client of the recipe, with the proxy settings HTTP_PROXY and NO_PROXY would give. */
function clientThrough(dispatcher: EnvHttpProxyAgent): PaymentClient {
  return new PaymentClient({
    baseUrl: service.url,
    ...service.mock.credentials,
    fetch: (input, init) => fetch(input, { ...init, dispatcher } as RequestInit),
  });
}

describe('a client behind an HTTP proxy (EnvHttpProxyAgent)', () => {
  it('sends the login and the call through the proxy', async () => {
    const dispatcher = new EnvHttpProxyAgent({ httpProxy: proxyUrl, httpsProxy: proxyUrl });
    try {
      const currencies = await clientThrough(dispatcher).withdrawals.listCurrencies();
      expect(currencies.length).toBeGreaterThan(0);
      const { host } = new URL(service.url);
      expect(tunnels.length).toBeGreaterThan(0);
      expect(tunnels.every((target) => target === host)).toBe(true);
      expect(service.mock.requests.map((entry) => entry.operation)).toEqual([
        'auth.getToken',
        'withdrawals.listCurrencies',
      ]);
    } finally {
      await dispatcher.close();
    }
  });

  it('goes direct to a host NO_PROXY names', async () => {
    const dispatcher = new EnvHttpProxyAgent({ httpProxy: proxyUrl, noProxy: '127.0.0.1' });
    try {
      await clientThrough(dispatcher).withdrawals.listCurrencies();
      expect(tunnels).toEqual([]);
    } finally {
      await dispatcher.close();
    }
  });
});
