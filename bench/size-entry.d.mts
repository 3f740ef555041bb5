// Types of bench/size-entry.mjs, for the tests that read its measure.

/** One input file of a bundle and the minified bytes it adds. */
export interface SizeInput {
  readonly path: string;
  readonly bytes: number;
}

/** A gzipped size (level 9), its minified size and its inputs, largest first. */
export interface SizeMeasure {
  readonly bytes: number;
  readonly raw: number;
  readonly inputs: SizeInput[];
}

/** What a Pix-only application loads, and apart, each area's chunk loaded by its first call only. */
export interface EntryMeasure extends SizeMeasure {
  readonly lazy: Array<SizeMeasure & { readonly name: string }>;
}

export function measureEntry(root: string, entry: string): Promise<EntryMeasure>;
export function measureClientEntry(root: string): Promise<EntryMeasure>;
export function measureClientEntrySource(root: string): Promise<EntryMeasure>;
