import * as z from 'zod/mini';

/**
 * Declares a schema that is built at its first use rather than at module load. Every model is
 * written as `export const X = /* @__PURE__ *\/ schema(() => z.object(…))`: the annotation lets a
 * bundler drop the schemas an application never uses (a form that only calls `validatePixKey` then
 * carries no zod at all), which it cannot do with a bare top-level `z.object(…)` call.
 *
 * The object returned is the schema for good: its identity never changes, so a parent schema, a
 * route or the mock's OpenAPI document that holds it holds the real thing. Until something reads
 * it, it is an empty object whose prototype builds the schema at the first property read (a parse,
 * `instanceof`, `_zod`, a parent schema looking at its child), copies the built schema's own
 * properties onto it and takes its prototype: from then on it is a zod schema like any other, and
 * parsing it goes through no indirection. Importing the package then builds no schema; a call
 * builds those of its answer, once.
 *
 * @internal
 */
export function schema<T extends object>(build: () => T): T {
  // A plain object (not `Object.create(null)`, which V8 keeps as a slow dictionary for life).
  const shell = Object.create(
    new Proxy({} as object, {
      get: (_, key) => Reflect.get(materialise(), key),
      has: (_, key) => key in materialise(),
      set: (_, key, value) => Reflect.set(materialise(), key, value),
    }),
  ) as T;
  function materialise(): T {
    const built = build();
    Object.setPrototypeOf(shell, Object.getPrototypeOf(built));
    Object.defineProperties(shell, Object.getOwnPropertyDescriptors(built));
    return shell;
  }
  return shell;
}

/**
 * A string enum that also accepts values it does not know, so a service that adds a new status or
 * key type does not break parsing in production. Known values stay literal in the type; unknown
 * ones are typed as `string & {}`, which keeps editor completion for the known literals. Each
 * export built with it declares its type as a named union (`KnownPixKeyType | (string & {})`): the
 * declarations then name it, instead of a union the compiler may print in another order from one
 * build to the next.
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
