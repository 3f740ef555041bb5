import * as z from 'zod/mini';
import { openEnum, schema } from './shared.js';

/** The Pix key types the service documents, in the order it lists them. */
export const PIX_KEY_TYPES = ['EMAIL', 'CPF', 'CNPJ', 'PHONE', 'RANDOM'] as const;

/** One of {@link PIX_KEY_TYPES}; the only types {@link validatePixKey} accepts. */
export type KnownPixKeyType = (typeof PIX_KEY_TYPES)[number];

/**
 * Type of a Pix key: `EMAIL`, `CPF`, `CNPJ`, `PHONE` or `RANDOM`. Parsing also accepts a type the
 * service may add later, typed as `string & {}`.
 *
 * @example
 * ```ts
 * PixKeyType.parse('CPF'); // 'CPF'
 * ```
 */
export const PixKeyType: z.ZodMiniType<PixKeyType> = /* @__PURE__ */ schema(() =>
  openEnum(PIX_KEY_TYPES),
);
/** Type of a Pix key. */
export type PixKeyType = KnownPixKeyType | (string & {});

/**
 * A Pix key as the service returns it: `key` (possibly partly masked), `type` and `_id`. Send it
 * whole as `pixKey` in a withdrawal; incomplete key data must not be sent.
 *
 * @example
 * ```ts
 * const [pixKey] = await client.pixKeys.list(customerId);
 * ```
 */
export const PixKey = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** The key value; the service may return it partly masked (`+5512**********`). */
    key: z.string(),
    /** `EMAIL`, `CPF`, `CNPJ`, `PHONE` or `RANDOM`. */
    type: PixKeyType,
    /** Identifier of the key, assigned by the service. */
    _id: z.string(),
  }),
);
/** A Pix key as the service returns it. */
export interface PixKey extends z.infer<typeof PixKey> {}

/**
 * Body of `POST /pix/customer/{customerId}/key`: the key value and its type.
 *
 * @example
 * ```ts
 * const input: PixKeyInput = { type: 'EMAIL', key: 'ana@example.com' };
 * ```
 */
export const PixKeyInput = /* @__PURE__ */ schema(() =>
  z.object({
    /** The key value; sent normalised (see {@link validatePixKey}) unless `validateInput: false`. */
    key: z.string(),
    /** `EMAIL`, `CPF`, `CNPJ`, `PHONE` or `RANDOM`. */
    type: PixKeyType,
  }),
);
/** Body of `POST /pix/customer/{customerId}/key`. */
export interface PixKeyInput extends z.infer<typeof PixKeyInput> {}

/**
 * Answer of `POST /pix/customer/{customerId}/key` (201): a confirmation message (per the provider's
 * public docs, `Chave Pix adicionada com sucesso`) and the registered key.
 *
 * @example
 * ```ts
 * const { key } = await client.pixKeys.add(customerId, { type: 'CPF', key: '12345678909' });
 * ```
 */
export const AddPixKeyResult = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** `Chave Pix adicionada com sucesso`. */
    message: z.string(),
    /** The registered key: store it and send it whole in withdrawals. */
    key: PixKey,
  }),
);
/** Answer of `POST /pix/customer/{customerId}/key`. */
export interface AddPixKeyResult extends z.infer<typeof AddPixKeyResult> {
  /** The registered key: store it and send it whole in withdrawals. */
  key: PixKey;
}

/**
 * Answer of `GET /pix/customer/{customerId}/key` (200): a plain array of keys, not paginated.
 *
 * @example
 * ```ts
 * const keys: PixKeyList = await client.pixKeys.list(customerId);
 * ```
 */
export const PixKeyList = /* @__PURE__ */ schema(() => z.array(PixKey));
/** Answer of `GET /pix/customer/{customerId}/key`. */
export type PixKeyList = PixKey[];
