// msw is an optional peer: a project that uses only `mock.fetch` or `startMockServer` never installs
// it, and may compile with `skipLibCheck: false`, which type-checks the package's own `.d.ts` files
// too. This builds such a project from the built package (its declaration files, copied, so that
// nothing resolves from this repository's node_modules) with zod beside it and no msw, and runs tsc.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, root } from '../support/runtimes.js';

let project: string;

const consumer = `
import { PaymentClient } from 'pix-payment-sdk';
import { createPaymentServiceMock, startMockServer } from 'pix-payment-sdk/mock';

export async function balances(): Promise<number> {
  const mock = createPaymentServiceMock();
  const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });
  const server = await startMockServer({ port: 0 });
  try {
    return (await client.company.getBalance()).length + server.url.length;
  } finally {
    await server.close();
  }
}
`;

/** Runs tsc on `files` of the project, under `module: nodenext` and `skipLibCheck: false`. */
function typeCheck(files: string[]): { status: number | null; output: string } {
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        target: 'es2023',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
        lib: ['es2023', 'dom'],
      },
      files,
    }),
  );
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', project], {
    cwd: project,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(() => {
  assertBuilt();
  project = mkdtempSync(join(tmpdir(), 'pix-payment-sdk-types-'));
  const installed = join(project, 'node_modules/pix-payment-sdk');
  mkdirSync(installed, { recursive: true });
  cpSync(join(root, 'package.json'), join(installed, 'package.json'));
  cpSync(join(root, 'dist'), join(installed, 'dist'), {
    recursive: true,
    filter: (source) => !/\.(c?js|map)$/.test(source),
  });
  // zod is a dependency, installed beside the package; msw is not installed at all.
  symlinkSync(join(root, 'node_modules/zod'), join(project, 'node_modules/zod'), 'dir');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  writeFileSync(join(project, 'consumer.mts'), consumer);
  writeFileSync(join(project, 'consumer.cts'), consumer);
  writeFileSync(join(project, 'uses-msw.mts'), "import { setupServer } from 'msw/node';\n");
}, 30_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the types of pix-payment-sdk/mock without msw installed', () => {
  it('has no msw to resolve in the project (the control: importing msw fails)', () => {
    const { status, output } = typeCheck(['uses-msw.mts']);
    expect(status).not.toBe(0);
    expect(output).toContain("Cannot find module 'msw/node'");
  }, 60_000);

  it('type-checks a project using mock.fetch and startMockServer, as ESM and CommonJS, with skipLibCheck false', () => {
    const { status, output } = typeCheck(['consumer.mts', 'consumer.cts']);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 60_000);

  it("keeps msw's HttpHandler as the handlers' type once msw is installed", () => {
    writeFileSync(
      join(project, 'handlers.mts'),
      `import type { HttpHandler } from 'msw';
      import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
      const mock = createPaymentServiceMock();
      export const handlers: readonly HttpHandler[] = mock.handlers;
      // @ts-expect-error the handlers are typed, not any
      export const notAHandler: number = mock.handlers;
      `,
    );
    symlinkSync(join(root, 'node_modules/msw'), join(project, 'node_modules/msw'), 'dir');
    const { status, output } = typeCheck(['handlers.mts', 'consumer.cts']);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 60_000);
});
