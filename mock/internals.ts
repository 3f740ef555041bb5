import type { Router } from './router.js';
import type { ServiceState } from './state.js';

/** @internal */
export interface MockInternals {
  readonly state: ServiceState;
  readonly router: Router;
}

const INTERNALS = new WeakMap<object, MockInternals>();

/**
 * Links a mock object to its state and router, for the HTTP server.
 *
 * @internal
 */
export function setInternals(mock: object, internals: MockInternals): void {
  INTERNALS.set(mock, internals);
}

/**
 * The state and router of a mock made by `createPaymentServiceMock()`.
 *
 * @internal
 */
export function internalsOf(mock: object): MockInternals {
  const internals = INTERNALS.get(mock);
  if (!internals) throw new TypeError('not a mock created by createPaymentServiceMock()');
  return internals;
}
