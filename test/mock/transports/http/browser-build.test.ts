import { expect, it } from 'vitest';
import { startServer } from '../../../../mock/transports/http/server.browser.js';

it('the browser build of the mock: startMockServer rejects, pointing to setupWorker', async () => {
  await expect(
    startServer({}, () => {
      throw new Error('never mounted');
    }),
  ).rejects.toThrow(/needs Node\.js.*setupWorker/);
});
