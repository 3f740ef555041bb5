// The size of the client entry as an application's bundler sees it: esbuild bundles the five
// names most applications import, for the neutral platform, minified, and the result is gzipped at
// level 9. The figure the size budget of the client entry is stated in (27 KiB).
//
// `node bench/size-entry.mjs` prints it for the built entry (run `npm run build` first) and for
// the sources, with the largest inputs.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const NAMES = [
  'PaymentClient',
  'buildWithdrawal',
  'buildDeposit',
  'selectCurrency',
  'validatePixKey',
];

/**
 * Bundles `export { PaymentClient, buildWithdrawal, buildDeposit, selectCurrency, validatePixKey }`
 * from `entry` with the project's esbuild (`platform: 'neutral'`, ES modules, minified, `node:*`
 * external, ky's lazily loaded chunk included) and gzips it at level 9.
 *
 * @param {string} root The repository's root.
 * @param {string} entry The module the names are taken from, relative to `root`.
 * @returns {Promise<{ bytes: number, raw: number, inputs: Array<{ path: string, bytes: number }> }>}
 *   `bytes` gzipped, `raw` minified, and each input file with the minified bytes it adds, largest
 *   first (paths relative to `root`).
 */
export async function measureEntry(root, entry) {
  const esbuild = createRequire(join(root, 'package.json'))('esbuild');
  const from = JSON.stringify(resolve(root, entry));
  const result = await esbuild.build({
    stdin: {
      contents: `export { ${NAMES.join(', ')} } from ${from};`,
      resolveDir: root,
      loader: 'ts',
    },
    absWorkingDir: root,
    bundle: true,
    minify: true,
    platform: 'neutral',
    format: 'esm',
    target: 'es2022',
    mainFields: ['module', 'main'],
    external: ['node:*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const text = result.outputFiles.map((file) => file.text).join('');
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output?.inputs ?? {})
    .map(([path, { bytesInOutput }]) => ({ path, bytes: bytesInOutput }))
    .filter((input) => input.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: gzipSync(text, { level: 9 }).length, raw: text.length, inputs };
}

/**
 * The client entry as built (`dist/index.js`, which `npm run build` writes): see
 * {@link measureEntry}.
 *
 * @param {string} root The repository's root.
 */
export function measureClientEntry(root) {
  return measureEntry(root, 'dist/index.js');
}

/**
 * The client entry from the sources (`src/index.ts`), no build needed: see {@link measureEntry}.
 * It reads a few hundred bytes more than the built entry, which tsup has already lowered.
 *
 * @param {string} root The repository's root.
 */
export function measureClientEntrySource(root) {
  return measureEntry(root, 'src/index.ts');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  for (const [name, measure] of [
    ['dist/index.js', measureClientEntry],
    ['src/index.ts', measureClientEntrySource],
  ]) {
    try {
      const { bytes, raw, inputs } = await measure(root);
      console.log(`${name}: ${bytes} bytes gzipped (${raw} minified)`);
      for (const input of inputs.slice(0, 12)) console.log(`  ${input.bytes}  ${input.path}`);
    } catch (error) {
      console.log(`${name}: not measured (${error instanceof Error ? error.message : error})`);
    }
  }
}
