import { isValidCnpj, isValidCpf } from 'pix-payment-sdk';
import type { CustomerCreateInput } from '../../types/controls.js';
import type { MockCustomer } from '../../types/records.js';
import { HttpError, json } from '../answers.js';
import { checkFields, fieldsOf, isRecord, own } from '../body-fields.js';
import { isObjectId } from '../ids.js';
import type { Resolvers } from '../route.js';
import type { AccountState } from '../state/accounts.js';
import type { CustomerInput, CustomerRecord } from '../state/customers.js';

/**
 * Checks a customer body: `name` and `document` required (per the provider's public docs); the
 * mock also requires the document to be a valid CPF or CNPJ (punctuation removed) and optional
 * `email`/`phone` to be strings. Returns the reason when invalid.
 *
 * @internal
 */
export function checkCustomerInput(body: unknown): CustomerInput | string {
  if (!isRecord(body)) return 'body must be a JSON object';
  const name = own(body, 'name');
  const document = own(body, 'document');
  const email = own(body, 'email');
  const phone = own(body, 'phone');
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) {
    return 'name is required (a non-empty string of at most 200 characters)';
  }
  if (typeof document !== 'string') return 'document is required (a CPF or CNPJ)';
  const digits = document
    .trim()
    .toUpperCase()
    .replace(/[.\-/\s]/g, '');
  if (!isValidCpf(digits) && !isValidCnpj(digits)) return 'document is not a valid CPF or CNPJ';
  if (
    email !== undefined &&
    (typeof email !== 'string' || !/^[^\s@]{1,64}@[^\s@]{1,190}$/.test(email))
  ) {
    return 'email must be an e-mail address';
  }
  if (phone !== undefined && (typeof phone !== 'string' || phone.length > 32)) {
    return 'phone must be a string of at most 32 characters';
  }
  return { name: name.trim(), document: digits, email, phone };
}

/**
 * The customer of a path parameter, or 404.
 *
 * @internal
 */
export function customerOr404(state: AccountState, id: string | undefined): CustomerRecord {
  const customer = id !== undefined && isObjectId(id) ? state.customers.get(id) : undefined;
  if (!customer) throw new HttpError(404, 'customer not found');
  return customer;
}

/**
 * A new customer's input checked against those on file: the input, or the customer that already
 * holds its name or document (per the provider's public docs, either one makes it the same
 * customer).
 *
 * @internal
 */
export function newCustomerOf(
  state: AccountState,
  input: CustomerInput,
): { readonly input: CustomerInput } | { readonly existing: CustomerRecord } {
  const existing = state.customers.holderOf(input);
  return existing === undefined ? { input } : { existing };
}

/**
 * `POST /customer`, `GET /customer/{id}` and `PUT /customer/{id}` (per the provider's public docs;
 * beyond the service document).
 *
 * @internal
 */
export const customerResolvers: Pick<
  Resolvers,
  'customers.create' | 'customers.get' | 'customers.update'
> = {
  'customers.create'({ state, body }) {
    const input = checkCustomerInput(body);
    if (typeof input === 'string') throw new HttpError(400, input);
    const checked = newCustomerOf(state, input);
    if ('existing' in checked) {
      return json(200, {
        message: 'Cliente já está cadastrado na base de dados',
        customer: { _id: checked.existing._id },
      });
    }
    const customer = state.customers.insert(checked.input);
    return json(201, {
      message: 'Novo cliente criado com sucesso',
      customer: {
        _id: customer._id,
        name: customer.name,
        ...(customer.email !== undefined ? { email: customer.email } : {}),
        document: customer.document,
      },
    });
  },
  'customers.get'({ state, params }) {
    const customer = customerOr404(state, params.id);
    return json(200, {
      _id: customer._id,
      name: customer.name,
      ...(customer.email !== undefined ? { email: customer.email } : {}),
      document: customer.document,
      version: customer.version,
      createdDate: customer.createdDate,
      updatedDate: customer.updatedDate,
    });
  },
  'customers.update'({ state, params, body }) {
    const customer = customerOr404(state, params.id);
    const input = checkCustomerInput(body);
    if (typeof input === 'string') throw new HttpError(400, input);
    const holder = state.customers.holderOf(input, customer._id);
    if (holder !== undefined) {
      const field = holder.document === input.document ? 'document' : 'name';
      throw new HttpError(409, `${field} already belongs to customer ${holder._id}`);
    }
    state.customers.update(customer, input);
    return json(200, { message: 'Cliente alterado com sucesso' });
  },
};

// A valid CPF that stands in for the one `customers.create()` generates while the rest is checked.
const STAND_IN_CPF = '52998224725';

// What `customers.create()` takes: a misspelt field is refused, not ignored.
const CUSTOMER_FIELDS = fieldsOf<CustomerCreateInput>()(['name', 'document', 'email', 'phone']);

/**
 * Creates a customer directly (the mock's control, not the service's operation): same checks
 * as `POST /customer`, but an invalid input, or a name or document already registered, throws a
 * `TypeError` instead of answering. The generated name and document are always free.
 *
 * @internal
 */
export function createCustomerDirect(
  state: AccountState,
  input: CustomerCreateInput | Record<string, unknown> = {},
): MockCustomer {
  const raw: unknown = input;
  checkFields(raw, CUSTOMER_FIELDS, {
    control: 'customers.create',
    argument: 'input',
    holder: 'a customer',
    optional: true,
  });
  // `null` is left out, as `undefined` is.
  const document = own(raw, 'document') ?? undefined;
  const candidate = {
    name: own(raw, 'name') ?? state.customers.freeName(),
    document: document ?? STAND_IN_CPF,
    ...(own(raw, 'email') !== undefined ? { email: own(raw, 'email') } : {}),
    ...(own(raw, 'phone') !== undefined ? { phone: own(raw, 'phone') } : {}),
  };
  const valid = checkCustomerInput(candidate);
  if (typeof valid === 'string') throw new TypeError(`customers.create: ${valid}`);
  // The CPF is generated once the rest has passed, a taken name included: generating draws on a
  // seeded mock's sequence, which a refused call must leave where it was. A generated CPF is one
  // no customer has.
  const existing =
    document === undefined ? state.customers.withName(valid.name) : state.customers.holderOf(valid);
  if (existing !== undefined) {
    const what =
      document !== undefined && existing.document === valid.document
        ? `document ${valid.document}`
        : `name ${JSON.stringify(valid.name)}`;
    throw new TypeError(`customers.create: a customer with ${what} exists (${existing._id})`);
  }
  const checked =
    document === undefined ? { ...valid, document: state.customers.freeCpf() } : valid;
  return state.customers.view(state.customers.insert(checked));
}
