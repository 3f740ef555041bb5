import { checkFields, fieldsOf } from '../service/body-fields.js';
import { shown, UnknownIdError } from '../service/control-refusal.js';
import { CRYPTO_LISTS, WALLET_NETWORKS } from '../service/state/crypto.js';
import { unitsOf } from '../service/state/ledger.js';
import type { ServiceState } from '../service/state/service-state.js';
import type { CryptoControls, MockCryptoTransfer } from '../types/controls.js';
import type { MockDeposit } from '../types/records.js';
import type { Track } from './account.js';

// What `receive()` takes: a misspelt field is refused, not ignored.
const TRANSFER_FIELDS = fieldsOf<MockCryptoTransfer>()(['amount', 'network']);

/**
 * `mock.crypto`: the service's rates, spread and gas fee, and USDT arriving in a customer's wallet
 * of the main account.
 *
 * @internal
 */
export function cryptoControls(state: ServiceState, track: Track): CryptoControls {
  return {
    setRates: (rates) => state.crypto.setRates(rates),
    setSpread: (spread) => state.crypto.setSpread(spread),
    setGasFee: (fee) => state.crypto.setGasFee(fee),
    async receive(customerId, transfer) {
      const account = state.main;
      if (typeof customerId !== 'string' || account.customers.get(customerId) === undefined) {
        throw new UnknownIdError(`no customer with id ${shown(customerId)}`);
      }
      checkFields(transfer, TRANSFER_FIELDS, {
        control: 'crypto.receive',
        argument: 'transfer',
        holder: 'a transfer',
      });
      const network = CRYPTO_LISTS.deposit.networks.find((item) => item.name === transfer.network);
      if (network === undefined) {
        throw new UnknownIdError(
          `crypto.receive: transfer.network must be one of ${WALLET_NETWORKS.join(', ')} (USDT on any other is lost), got ${shown(transfer.network)}`,
        );
      }
      const units = unitsOf(transfer.amount, 6);
      if (typeof units === 'string' || units === 0) {
        throw new TypeError(
          `crypto.receive: transfer.amount ${typeof units === 'string' ? units : 'must be greater than zero'}`,
        );
      }
      const record = account.transactions.insert('deposit', {
        customerId,
        externalId: undefined,
        amountCents: 0,
        currency: undefined,
        pixKey: undefined,
        // No request came: a transfer has no externalId, so nothing can repeat it.
        request: new Map(),
        crypto: {
          flow: 'direct',
          cryptocurrency: CRYPTO_LISTS.deposit
            .cryptocurrencies[0] as MockDeposit['cryptocurrency'] & object,
          units,
          network,
        },
      });
      const delivered = account.transactions.settle('deposit', record._id, 'PAID');
      return track(
        'mock.crypto.receive()',
        delivered.then(() => account.transactions.view(record) as MockDeposit),
      );
    },
  };
}
