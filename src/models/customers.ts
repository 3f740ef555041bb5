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
    name: z.string(),
    document: z.string(),
    email: z.optional(z.string()),
    phone: z.optional(z.string()),
  }),
);
/** Body of `POST /customer`. */
export type CreateCustomerInput = z.infer<typeof CreateCustomerInput>;

/**
 * Answer of `POST /customer`: 201 `Novo cliente criado com sucesso` with the new customer, or 200
 * `Cliente já está cadastrado na base de dados` with the `_id` of the customer that already has
 * this document.
 *
 * @example
 * ```ts
 * const { customer } = await client.customers.create({ name: 'Ana Souza', document: '12345678909' });
 * ```
 */
export const CreateCustomerResult = /* @__PURE__ */ schema(() =>
  z.looseObject({
    message: z.string(),
    customer: z.looseObject({
      _id: z.string(),
      name: z.optional(z.string()),
      email: z.optional(z.string()),
      document: z.optional(z.string()),
    }),
  }),
);
/** Answer of `POST /customer`. */
export type CreateCustomerResult = z.infer<typeof CreateCustomerResult>;

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
    _id: z.string(),
    name: z.string(),
    email: z.optional(z.string()),
    document: z.string(),
    version: z.optional(z.number()),
    createdDate: z.optional(z.string()),
    updatedDate: z.optional(z.string()),
  }),
);
/** A customer as `GET /customer/{id}` returns it. */
export type Customer = z.infer<typeof Customer>;
