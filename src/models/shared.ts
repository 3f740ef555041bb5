import * as z from 'zod/mini';

/**
 * A string enum that also accepts values it does not know, so a service that adds a new status or
 * key type does not break parsing in production. Known values stay literal in the type; unknown
 * ones are typed as `string & {}`, which keeps editor completion for the known literals.
 *
 * @internal
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<T[number] | (string & {})> {
  return z.union([z.enum(values), z.string()]) as unknown as z.ZodMiniType<
    T[number] | (string & {})
  >;
}

/**
 * The `{ "message": "..." }` body that every answer of the service carries, errors included.
 *
 * @example
 * ```ts
 * MessageResult.parse({ message: 'Webhook de saque reenviado com sucesso' });
 * ```
 */
export const MessageResult = z.looseObject({ message: z.string() });
/** The `{ message }` body of a confirmation or an error answer. */
export type MessageResult = z.infer<typeof MessageResult>;
