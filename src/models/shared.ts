import * as z from 'zod/mini';

/**
 * Builds a schema at module load. Every model is written as
 * `export const X = /* @__PURE__ *\/ schema(() => z.object(…))`: the annotation lets a bundler drop
 * the schemas an application never uses (a form that only calls `validatePixKey` then carries no
 * zod at all), which it cannot do with a bare top-level `z.object(…)` call.
 *
 * @internal
 */
export function schema<T>(build: () => T): T {
  return build();
}

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
export const MessageResult = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** A confirmation in Portuguese, or the HTTP reason phrase of an error (`Not Found`). */
    message: z.string(),
  }),
);
/** The `{ message }` body of a confirmation or an error answer. */
export interface MessageResult extends z.infer<typeof MessageResult> {}
