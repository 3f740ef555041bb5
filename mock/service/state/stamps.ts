import type { RandomSource } from '../ids.js';

/**
 * What an area asks of the state when it makes a record: a new id, the time on the mock clock,
 * and the random source (seeded or not; a seeded one is remade on reset()).
 *
 * @internal
 */
export interface Stamps {
  newId(): string;
  nowIso(): string;
  random(): RandomSource;
}
