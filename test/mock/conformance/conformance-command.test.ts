// `pix-payment-mock conformance`, run as a process against real services on 127.0.0.1.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ConformanceReport } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import { binArgs } from '../../support/bin.js';
import { EXPECTED_DRIFT, JWT, serviceFixtures } from '../../support/conformance-service.js';
import { refusedUrl } from '../../support/mock-receiver.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SUMMARY = /^(\d+) checks, (\d+) agree, (\d+) differ$/;
const { service, drifted } = serviceFixtures();

interface BinResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runBin(args: string[], env: Record<string, string> = {}): Promise<BinResult> {
  // process.execPath is the pinned Node that runs vitest; tsx loads the TypeScript entry.
  const child = spawn(process.execPath, [...binArgs, ...args], {
    cwd: root,
    // The variables the command reads are cleared, so the runner's own environment cannot leak in.
    env: {
      ...process.env,
      PAYMENT_BASE_URL: '',
      PAYMENT_EMAIL: '',
      PAYMENT_PASSWORD: '',
      PAYMENT_CUSTOMER_ID: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}

// Each test starts the bin once or more (a Node process loading TypeScript), which a loaded
// machine makes slow: the limit is for a hung process, not for speed.
describe('pix-payment-mock conformance (bin)', { timeout: 60_000 }, () => {
  it('all agree: a table, the summary as the last line, exit 0; the password comes from PAYMENT_PASSWORD', async () => {
    const { url, email, password, customerId } = await service();
    const result = await runBin(
      ['conformance', '--base-url', url, '--email', email, '--customer-id', customerId],
      { PAYMENT_PASSWORD: password },
    );

    expect(result.code).toBe(0);
    const [header] = result.stdout.split('\n');
    expect(header?.split(/\s{2,}/)).toEqual(['operation', 'check', 'service', 'mock', 'agree']);
    expect(result.stdout).toMatch(
      /^POST \/auth\/token\s+good password: body\.token\s+jwt\s+jwt\s+yes$/m,
    );
    const [, checks, agree, differ] = SUMMARY.exec(lastLine(result.stdout)) ?? [];
    expect(Number(checks)).toBeGreaterThan(50);
    expect(agree).toBe(checks);
    expect(differ).toBe('0');
    expect(result.stdout).toContain('changes data: runs only with allowWrites (--allow-writes)');
    expect(result.stdout + result.stderr).not.toContain(password);
    expect(result.stdout + result.stderr).not.toMatch(JWT);
  });

  it('--allow-writes shows what each side answered to the repeated deposit, apart from the checks, exit 0', async () => {
    const { url, email, password, customerId } = await service();
    const result = await runBin(
      [
        'conformance',
        '--base-url',
        url,
        '--email',
        email,
        '--customer-id',
        customerId,
        '--allow-writes',
      ],
      { PAYMENT_PASSWORD: password },
    );

    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        'Observed, not compared (the provider does not publish the answer):',
        '  POST /deposit (the one-cent deposit’s externalId again, for two cents): a repeated externalId with another amount',
        '    service: 409 "Conflict": refused',
        '    mock:    409 "Conflict": refused',
      ].join('\n'),
    );
  });

  it('--json prints the report as one JSON document', async () => {
    const { url, email, password, customerId } = await service();
    const result = await runBin([
      'conformance',
      '--base-url',
      url,
      '--email',
      email,
      '--password',
      password,
      '--customer-id',
      customerId,
      '--json',
    ]);

    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as ConformanceReport;
    expect(report.differ).toBe(0);
    expect(report.agree).toBe(report.checks.length);
    expect(Object.keys(report.checks[0] ?? {})).toEqual([
      'operation',
      'scenario',
      'check',
      'service',
      'mock',
      'agree',
    ]);
    expect(result.stdout).not.toContain(password);
    expect(result.stdout).not.toMatch(JWT);
  });

  it('a drifted service: each difference is a row marked NO, and the exit status is 1', async () => {
    const { url, email, password, customerId } = await service();
    const proxy = await drifted(url);
    const result = await runBin(
      ['conformance', '--base-url', proxy.url, '--email', email, '--customer-id', customerId],
      { PAYMENT_PASSWORD: password },
    );

    expect(result.code).toBe(1);
    const rows = result.stdout.split('\n').filter((line) => line.endsWith('  NO'));
    expect(rows.map((row) => row.split(/\s{2,}/).slice(0, 4))).toEqual(
      EXPECTED_DRIFT.map((d) => [d.operation, `${d.scenario}: ${d.check}`, d.service, d.mock]),
    );
    expect(lastLine(result.stdout)).toMatch(/^\d+ checks, \d+ agree, 4 differ$/);
  });

  it('usage errors exit 2 with the help, and a stray argument is not echoed', async () => {
    const missing = await runBin(['conformance', '--email', 'a@b.c'], { PAYMENT_PASSWORD: '' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --base-url (or PAYMENT_BASE_URL), --password');
    expect(missing.stderr).toContain('Usage: pix-payment-mock conformance');

    const unknown = await runBin(['conformance', '--nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--nope'");

    const stray = await runBin(['conformance', '--json', 'hunter2-secret']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).not.toContain('hunter2-secret');

    const badUrl = await runBin([
      'conformance',
      '--base-url',
      'not a url',
      '--email',
      'a@b.c',
      '--password',
      'hunter2-secret',
    ]);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('baseUrl: must be an absolute http(s) URL');
    expect(badUrl.stderr).not.toContain('hunter2-secret');
  });

  it('an unreachable service exits 2 and says so, without the password', async () => {
    const url = await refusedUrl();
    const result = await runBin(['conformance', '--base-url', url, '--email', 'a@b.c'], {
      PAYMENT_PASSWORD: 'hunter2-secret',
    });

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`cannot reach the service at ${url}`);
    expect(result.stderr).not.toContain('hunter2-secret');
  });

  it('a wrong path prefix exits 2 naming the login URL, not 1 with a table of drift', async () => {
    const { url, email, password } = await service();
    const result = await runBin(['conformance', '--base-url', `${url}/v1`, '--email', email], {
      PAYMENT_PASSWORD: password,
    });

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`${url}/v1/auth/token`);
    expect(result.stderr).toMatch(/prefix|baseUrl/);
    expect(result.stderr).not.toContain(password);
  });

  it('a refused login exits 2 and says so (credentials or IP allowlist), not 1 with differences', async () => {
    const { url, email, customerId } = await service();
    const result = await runBin(
      ['conformance', '--base-url', url, '--email', email, '--customer-id', customerId],
      { PAYMENT_PASSWORD: 'rotated-away-5Tg' },
    );

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('the service refused the login (401 on POST /auth/token)');
    expect(result.stderr).toContain('IP address');
    expect(result.stderr).not.toContain('rotated-away-5Tg');
  });

  it('a --base-url with user:password@ and a --timeout-ms past the timer limit are usage errors', async () => {
    const { url, email, password, running } = await service();
    const before = running.mock.requests.length;
    const withUser = await runBin(
      [
        'conformance',
        '--base-url',
        url.replace('http://', 'http://admin:url-secret-4Kd@'),
        '--email',
        email,
      ],
      { PAYMENT_PASSWORD: password },
    );
    expect(withUser.code).toBe(2);
    expect(withUser.stderr).toContain('baseUrl: must not carry a user name or password');
    expect(withUser.stderr + withUser.stdout).not.toContain('url-secret-4Kd');

    const late = await runBin(
      ['conformance', '--base-url', url, '--email', email, '--timeout-ms', '2147483648'],
      { PAYMENT_PASSWORD: password },
    );
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('timeoutMs: must be at most 2147483647');
    expect(running.mock.requests).toHaveLength(before);
  });

  it('a password with quotes and backslashes, echoed by the service, is printed in no form', async () => {
    const password = 'q"u\\ote-8Hs';
    const { url, email, customerId } = await service({ email: 'merchant@payments.test', password });
    const proxy = await drifted(url, (answer) => {
      if (answer.path === '/auth/token') {
        answer.body = { ...(answer.body as object), message: `hi ${password}` };
      }
    });
    const result = await runBin(
      [
        'conformance',
        '--base-url',
        proxy.url,
        '--email',
        email,
        '--customer-id',
        customerId,
        '--json',
      ],
      { PAYMENT_PASSWORD: password },
    );

    expect(result.code).toBe(1);
    const printed = result.stdout + result.stderr;
    expect(printed).toContain('hi [redacted]');
    for (const form of [password, JSON.stringify(password).slice(1, -1), 'u\\\\ote']) {
      expect(printed).not.toContain(form);
    }
  });

  it('conformance --help lists the options and the password variable, and exits 0', async () => {
    const result = await runBin(['conformance', '--help']);

    expect(result.code).toBe(0);
    for (const flag of ['--base-url', '--email', '--password', '--customer-id', '--allow-writes']) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stdout).toContain('PAYMENT_PASSWORD');
    expect(result.stdout).toContain('one cent');
  });
});
