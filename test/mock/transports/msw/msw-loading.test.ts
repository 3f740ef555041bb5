import { describe, expect, it } from 'vitest';
import { mswFrom } from '../../../../mock/transports/msw/msw-api.js';

// The install without msw is exercised for real by the smoke test (a clean project with the packed
// tarball alone); these pin what each way of failing says.
describe('mock.handlers when msw cannot be used', () => {
  it('msw not installed: says to run npm install --save-dev msw, keeping the cause', () => {
    const notFound = Object.assign(new Error("Cannot find package 'msw'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    expect(() => mswFrom(undefined, notFound)).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/npm install --save-dev msw`.*mock\.fetch.*startMockServer/),
        cause: notFound,
      }),
    );
  });

  it('msw 1 (no http.all): asks for msw 2.11 or later', () => {
    expect(() => mswFrom({ rest: {} }, undefined)).toThrow(/msw 2\.11 or later/);
  });

  it('any other failure to load: says so, keeping the cause', () => {
    const broken = new SyntaxError('Unexpected token');
    expect(() => mswFrom(undefined, broken)).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/could not load msw/),
        cause: broken,
      }),
    );
  });

  it('a usable msw is returned as it is', async () => {
    const msw = await import('msw');
    expect(mswFrom(msw, undefined).http).toBe(msw.http);
  });
});
