// Reading the fields of a parsed JSON body: only its own properties, never inherited ones.
export { isRecord } from '../../src/seam/records.js';

/**
 * The own property of a parsed JSON object, never one inherited from `Object.prototype`.
 *
 * @internal
 */
export function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
