import * as z from 'zod/mini';
import { schema } from './shared.js';

/**
 * Body of `POST /customer` (per the provider's public docs; beyond the service document).
 *
 * @example
 * ```ts
 * const input: CreateCustomerInput = { name: 'Ana Souza', document: '12345678909' };
 * ```
 */
export const CreateCustomerInput = /* @__PURE__ */ schema(() =>
  z.object({
    /** The customer's name. */
    name: z.string(),
    /** The customer's CPF or CNPJ. */
    document: z.string(),
    /** The customer's e-mail. */
    email: z.optional(z.string()),
    /** The customer's phone number. */
    phone: z.optional(z.string()),
  }),
);
/** Body of `POST /customer`. */
export interface CreateCustomerInput extends z.infer<typeof CreateCustomerInput> {}

/**
 * Answer of `POST /customer`: 201 `Novo cliente criado com sucesso` with the new customer, or 200
 * `Cliente já está cadastrado na base de dados` with only the `_id` of the customer that already
 * has this name or this document (per the provider's public docs). Only the 201 answer carries
 * `name`, `email` and `document`; {@link isExistingCustomer} tells the two apart.
 *
 * @example
 * ```ts
 * const { customer } = await client.customers.create({ name: 'Ana Souza', document: '12345678909' });
 * ```
 */
export const CreateCustomerResult = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** `Novo cliente criado com sucesso` (201) or `Cliente já está cadastrado na base de dados` (200). */
    message: z.string(),
    /** The customer created, or only the `_id` of the one that already has this name or document. */
    customer: z.looseObject({
      /** The customer's identifier. */
      _id: z.string(),
      /** The customer's name. */
      name: z.optional(z.string()),
      /** The customer's e-mail. */
      email: z.optional(z.string()),
      /** The customer's CPF or CNPJ. */
      document: z.optional(z.string()),
    }),
  }),
);
/** Answer of `POST /customer`. */
export interface CreateCustomerResult extends z.infer<typeof CreateCustomerResult> {}

/**
 * The message of the 200 answer of `POST /customer`: a customer with this name or document is
 * already registered, and only its `_id` comes back.
 */
export const CUSTOMER_EXISTS_MESSAGE = 'Cliente já está cadastrado na base de dados';

/**
 * Whether an answer of `client.customers.create` is the existing customer (200, `Cliente já está
 * cadastrado na base de dados`, only `customer._id`) rather than a new one (201, with `name` and
 * `document`). Read `client.customers.get(customer._id)` for the existing customer's details.
 *
 * @example
 * ```ts
 * const result = await client.customers.create({ name: 'Ana Souza', document: '52998224725' });
 * const customer = isExistingCustomer(result)
 *   ? await client.customers.get(result.customer._id)
 *   : result.customer;
 * ```
 */
export function isExistingCustomer(result: CreateCustomerResult): boolean {
  return result.message === CUSTOMER_EXISTS_MESSAGE;
}

/**
 * Body of `PUT /customer/{id}` (per the provider's public docs): `name` and `document` are
 * required, as on creation; `email` and `phone` are optional (the mock keeps those left out).
 *
 * @example
 * ```ts
 * const changes: UpdateCustomerInput = { name: 'Ana Souza Lima', document: '12345678909' };
 * ```
 */
export const UpdateCustomerInput = /* @__PURE__ */ schema(() =>
  z.object({
    /** The customer's name. */
    name: z.string(),
    /** The customer's CPF or CNPJ. */
    document: z.string(),
    /** The customer's e-mail. */
    email: z.optional(z.string()),
    /** The customer's phone number. */
    phone: z.optional(z.string()),
  }),
);
/** Body of `PUT /customer/{id}`. */
export interface UpdateCustomerInput extends z.infer<typeof UpdateCustomerInput> {}

/**
 * A customer as `GET /customer/{id}` returns it (per the provider's public docs).
 *
 * @example
 * ```ts
 * const customer = await client.customers.get(customerId);
 * ```
 */
export const Customer = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** The customer's identifier. */
    _id: z.string(),
    /** The customer's name. */
    name: z.string(),
    /** The customer's e-mail. */
    email: z.optional(z.string()),
    /** The customer's CPF or CNPJ. */
    document: z.string(),
    /** Record version counter. */
    version: z.optional(z.number()),
    /** ISO 8601 timestamp, UTC. */
    createdDate: z.optional(z.string()),
    /** ISO 8601 timestamp, UTC. */
    updatedDate: z.optional(z.string()),
  }),
);
/** A customer as `GET /customer/{id}` returns it. */
export interface Customer extends z.infer<typeof Customer> {}
