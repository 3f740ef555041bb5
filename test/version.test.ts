import { VERSION } from 'pix-payment-sdk';
import { expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

it('VERSION, sent in the User-Agent, is the version in package.json', () => {
  expect(VERSION).toBe(packageJson.version);
});
