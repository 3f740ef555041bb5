// Reading the fields of a parsed JSON body, or of an object handed to a control: only its own
// properties, never inherited ones, and only the fields it may have.
import { isRecord } from '../../src/seam/records.js';

export { isRecord };

/**
 * The own property of a parsed JSON object, never one inherited from `Object.prototype`.
 *
 * @internal
 */
export function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * How {@link checkFields} names what it refuses: the control as its user writes it
 * (`customers.create`), its argument (`input`), what the object stands for (`a customer`), and
 * whether the argument may be left out.
 *
 * @internal
 */
export interface FieldsRefusal {
  readonly control: string;
  readonly argument: string;
  readonly holder: string;
  readonly optional?: boolean;
}

/** What a value handed in place of an object is, for a refusal: `null`, `an array`, `number`. */
function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * Checks the object a control takes before the control reads it: a `TypeError` naming the control
 * when `input` is not an object (`null`, a number, a text, an array), or when it has a field that
 * is not one of `fields` (a misspelt option is refused, not ignored), saying the fields it takes.
 * Only the object's keys are read, so a control that calls this first changes nothing when it
 * throws.
 *
 * @internal
 */
export function checkFields(
  input: unknown,
  fields: ReadonlyArray<string>,
  refusal: FieldsRefusal,
): asserts input is Record<string, unknown> {
  const { control, argument, holder, optional = false } = refusal;
  if (!isRecord(input)) {
    throw new TypeError(
      `${control}: ${argument} must be an object such as { ${fields.join(', ')} }${optional ? ', or nothing' : ''}; got ${kindOf(input)}`,
    );
  }
  const unknown = Object.keys(input).filter((key) => !fields.includes(key));
  if (unknown.length > 0) {
    throw new TypeError(
      `${control}: ${holder} has no field ${unknown
        .slice(0, 5)
        .map((key) => JSON.stringify(key.slice(0, 40)))
        .join(', ')} (it takes ${fields.join(', ')})`,
    );
  }
}

/**
 * The fields of `T` as a list for {@link checkFields}, each one of `T`'s and none left out: a
 * field added to `T` but not to its list fails to compile, rather than be refused at run time.
 *
 * @example
 * ```ts
 * const SETTLE_FIELDS = fieldsOf<SettleOptions>()(['identifiedDocumentPix']);
 * ```
 *
 * @internal
 */
export function fieldsOf<T>() {
  return <const L extends ReadonlyArray<keyof T & string>>(
    fields: L &
      ([Exclude<keyof T, L[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof T, L[number]> }),
  ): L => fields;
}
