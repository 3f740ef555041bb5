/**
 * Whether `value` is an object and not an array (`null` is not): a parsed JSON object, for the
 * client's options and answers and the mock's request bodies alike.
 *
 * @internal
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
