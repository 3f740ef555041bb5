// Clear errors at the edges: an unsupported Node.js, and operation names the mock does not know.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { createPaymentServiceMock, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSupportedRuntime } from '../../mock/service/runtime.js';

const root = resolve(import.meta.dirname, '../..');

describe('mock.auth.denyAction and allowAction refuse names they do not know', () => {
  it('denyAction("bogus") is a RangeError listing every valid name, and denies nothing', async () => {
    const mock = createPaymentServiceMock();
    // @ts-expect-error: not an operation name, as from untyped code
    expect(() => mock.auth.denyAction('bogus')).toThrow(RangeError);
    // @ts-expect-error: as above
    expect(() => mock.auth.denyAction('bogus')).toThrow(
      /auth\.denyAction: unknown operation "bogus"; valid operations: pixKeys\.add, pixKeys\.list, .*, customers\.get, customers\.update, customers\.getWallet, company\.getBalance, .*, company\.allowWithdrawalIp$/,
    );
    const token = await mock.auth.issueToken();
    const answer = await mock.fetch(`${mock.baseUrl}/withdraw/company/currencies`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
  });

  it('allowAction("bogus") is refused the same way', () => {
    const mock = createPaymentServiceMock();
    // @ts-expect-error: not an operation name
    expect(() => mock.auth.allowAction('bogus')).toThrow(/auth\.allowAction: unknown operation/);
  });

  it('denyAction("getToken") is refused: the token endpoint needs no token', () => {
    const mock = createPaymentServiceMock();
    expect(() => mock.auth.denyAction('getToken')).toThrow(/getToken needs no token/);
  });

  it('PUT /__mock/auth/denied-actions with an unknown name: 400 listing the valid names, nothing denied', async () => {
    const running = await startMockServer({ port: 0 });
    try {
      const put = (actions: unknown[]) =>
        fetch(`${running.url}/__mock/auth/denied-actions`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ actions }),
        });
      const refused = await put(['listPixKeys', 'bogus']);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        message: 'Bad Request',
        detail: expect.stringMatching(
          /unknown operation "bogus"; valid operations: pixKeys\.add, /,
        ),
      });
      const state = (await (await fetch(`${running.url}/__mock/state`)).json()) as {
        deniedActions: string[];
      };
      expect(state.deniedActions).toEqual([]);
      expect((await put(['listPixKeys'])).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe('Node.js older than 22', () => {
  it('assertSupportedRuntime: Node 20 is refused, naming the release needed; 22, Bun and browsers pass', () => {
    expect(() => assertSupportedRuntime({ node: '20.20.2' })).toThrow(
      'pix-payment-sdk/mock needs Node.js 22 or later; this is Node.js 20.20.2.',
    );
    expect(() => assertSupportedRuntime({ node: '22.0.0' })).not.toThrow();
    expect(() => assertSupportedRuntime({ node: '20.0.0', bun: '1.2.0' })).not.toThrow();
    expect(() => assertSupportedRuntime(undefined)).not.toThrow();
  });

  // A real old Node, where this machine has one: the system Node of many CI images is 20.
  const oldNode = findOldNode();
  if (!oldNode) console.warn('skipped the run under Node.js < 22: none found on the PATH');

  describe.skipIf(oldNode === undefined)(`under ${oldNode?.version ?? 'an old Node.js'}`, () => {
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'pix-old-node-'));
      // The sources, bundled as the package's ES module build would be (msw left out: the
      // check must come first, whatever is installed).
      await build({
        entryPoints: { mock: join(root, 'mock/index.ts'), bin: join(root, 'mock/bin.ts') },
        outdir: dir,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external: ['msw'],
        logLevel: 'error',
      });
    }, 60_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('createPaymentServiceMock throws an Error that says Node.js 22 or later is needed', () => {
      const result = spawnSync(
        oldNode?.path ?? '',
        [
          '--input-type=module',
          '-e',
          `import { createPaymentServiceMock } from ${JSON.stringify(join(dir, 'mock.mjs'))};
          try { createPaymentServiceMock(); console.log('created'); } catch (error) { console.log(error.message); }`,
        ],
        { encoding: 'utf8', timeout: 30_000 },
      );
      expect(result.stdout).toContain('pix-payment-sdk/mock needs Node.js 22 or later');
    });

    it('pix-payment-mock exits 1 saying so', () => {
      const result = spawnSync(oldNode?.path ?? '', [join(dir, 'bin.mjs'), '--port', '0'], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('needs Node.js 22 or later');
    });
  });
});

function findOldNode(): { path: string; version: string } | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const path of [
    ...dirs.map((dir) => join(dir, 'node')),
    '/usr/bin/node',
    '/usr/local/bin/node',
  ]) {
    try {
      const version = execFileSync(path, ['--version'], {
        encoding: 'utf8',
        timeout: 10_000,
      }).trim();
      if (Number.parseInt(version.slice(1), 10) < 22) return { path, version };
    } catch {
      // not there, or not runnable
    }
  }
  return undefined;
}
