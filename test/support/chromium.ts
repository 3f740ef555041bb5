// Headless Chromium for the browser suites, driven by playwright-core over the machine's own
// Chromium (test/support/externals.ts finds it; without it the suites are skipped with a notice).
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

// Flags for a quiet, offline, throw-away browser: nothing but the loopback pages of a suite is fetched.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh browser profile (`--user-data-dir`) in `dir`, headless, with the flags above. */
export function launchChromium(executablePath: string, dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    timeout: 60_000,
  });
}
