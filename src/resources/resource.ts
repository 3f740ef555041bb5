import type { Transport } from '../core/transport.js';

/**
 * What every resource of {@link PaymentClient} holds: the transport its calls go through, and
 * whether it checks input before sending (`validateInput`). Each resource extends it, so the
 * constructor is written once.
 *
 * @internal
 */
export abstract class Resource {
  /** The client's transport: every call of the resource goes through it. */
  declare protected readonly transport: Transport;
  /** Whether input is checked before it is sent (`validateInput`). */
  declare protected readonly validate: boolean;

  /** @internal Created by {@link PaymentClient}. */
  constructor(transport: Transport, validateInput: boolean) {
    // Neither enumerable nor writable, as private fields were: `console.log(client.withdrawals)`
    // shows no transport, and no caller can turn the checks off on one resource.
    Object.defineProperties(this, {
      transport: { value: transport },
      validate: { value: validateInput },
    });
  }
}
