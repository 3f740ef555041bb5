// The controls of the whole service rather than one account's: faults, the clock, the token
// endpoint's allowlist and caller address, crypto and webhook flushes. The mock's façade
// (mock/create.ts) and the control routes (./routes.ts) call the same ones.
import type { ServiceState } from '../service/state/service-state.js';
import type { PaymentServiceMock } from '../types/controls.js';
import type { Track } from './account.js';
import { ipList } from './checks.js';
import { cryptoControls } from './crypto.js';

/**
 * The service-wide controls of a mock: `mock.faults`, `mock.clock`, `mock.crypto`, the service's
 * part of `mock.auth` and the flushes of `mock.webhooks`.
 *
 * @internal
 */
export interface ServiceControls {
  readonly faults: PaymentServiceMock['faults'];
  readonly clock: PaymentServiceMock['clock'];
  readonly crypto: PaymentServiceMock['crypto'];
  readonly auth: Pick<
    PaymentServiceMock['auth'],
    'expireTokens' | 'allowIps' | 'allowedIps' | 'setCallerIp' | 'callerIp'
  >;
  readonly webhooks: Pick<PaymentServiceMock['webhooks'], 'flush' | 'waitForDeliveries'>;
}

/**
 * The service-wide controls over `state`; `track` counts each promise while it runs.
 *
 * @internal
 */
export function serviceControls(
  state: ServiceState,
  track: Track = (_name, promise) => promise,
): ServiceControls {
  return {
    faults: {
      inject: (spec) => state.faults.inject(spec),
      clear: () => state.faults.clear(),
    },
    clock: {
      get frozen() {
        return state.clock.frozen;
      },
      now: () => state.clock.now(),
      advance: (ms) => state.clock.advance(ms),
      set: (time) => state.clock.set(time),
    },
    crypto: cryptoControls(state, track),
    auth: {
      expireTokens: () => state.auth.expireTokens(),
      allowIps(ips) {
        state.auth.allowedIps = ipList('auth.allowIps', ips);
      },
      get allowedIps() {
        return [...state.auth.allowedIps];
      },
      setCallerIp(ip) {
        if (typeof ip !== 'string' || ip === '' || ip.length > 100) {
          throw new TypeError(
            'auth.setCallerIp(ip): ip must be a non-empty string of at most 100 characters',
          );
        }
        state.auth.callerIp = ip;
      },
      get callerIp() {
        return state.auth.callerIp;
      },
    },
    webhooks: {
      flush: () => track('mock.webhooks.flush()', state.webhooks.flush()),
      waitForDeliveries: () => track('mock.webhooks.waitForDeliveries()', state.webhooks.flush()),
    },
  };
}
