// The size of the client entry as an application's bundler sees it: esbuild bundles the five
// names most applications import, for the neutral platform, minified, split at `import()`, and
// what a Pix-only application loads is gzipped at level 9. The figure the size budget of the
// client entry is stated in (27 KiB). The chunks of the areas a Pix-only application never calls
// are printed beside it.
//
// `node bench/size-entry.mjs` prints it for the built entry (run `npm run build` first) and for
// the sources, with the largest inputs.
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { areaCopies } from '../scripts/area-copies.ts';

const NAMES = [
  'PaymentClient',
  'buildWithdrawal',
  'buildDeposit',
  'selectCurrency',
  'validatePixKey',
];

// The modules of the areas a Pix-only application never calls, each loaded by `import()` at its
// area's first call: the company account's calls and the crypto rails' body checks (in the
// sources, or as tsup names their chunks in dist/). Every other chunk an `import()` reaches, ky's
// above all (loaded at the first request, whatever the call), is counted.
const AREA_ONLY = /(^|\/)(company-calls|crypto)(\.ts|-[A-Z0-9]+\.js)$/;

/**
 * Bundles `export { PaymentClient, buildWithdrawal, buildDeposit, selectCurrency, validatePixKey }`
 * from `entry` with the project's esbuild (`platform: 'neutral'`, ES modules, minified, `node:*`
 * external, code splitting on, as an application's bundler splits at `import()`) and gzips what a
 * Pix-only application loads at level 9: the entry's chunk, the chunks it imports, and every chunk
 * loaded by `import()` (ky's, at the first request) except those of the company account and the
 * crypto rails, loaded by their first call only and measured apart, in `lazy`.
 *
 * @param {string} root The repository's root.
 * @param {string} entry The module the names are taken from, relative to `root`.
 * @returns {Promise<{ bytes: number, raw: number, inputs: Array<{ path: string, bytes: number }>,
 *   lazy: Array<{ name: string, bytes: number, raw: number, inputs: Array<{ path: string, bytes: number }> }> }>}
 *   `bytes` gzipped, `raw` minified, and each input file with the minified bytes it adds, largest
 *   first (paths relative to `root`); `lazy`, each chunk loaded by one area's first call alone
 *   (with the chunks only it imports), named by the largest input of the chunk `import()` loads,
 *   measured the same way.
 */
export async function measureEntry(root, entry) {
  const esbuild = createRequire(join(root, 'package.json'))('esbuild');
  const from = JSON.stringify(resolve(root, entry));
  const result = await esbuild.build({
    stdin: {
      contents: `export { ${NAMES.join(', ')} } from ${from};`,
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'size-entry.ts',
    },
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    outdir: join(root, '.size-entry'),
    minify: true,
    platform: 'neutral',
    format: 'esm',
    target: 'es2022',
    mainFields: ['module', 'main'],
    external: ['node:*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    // From the sources, the area chunks take their copies of the models as the build gives them.
    plugins: [areaCopies()],
  });
  const outputs = result.metafile.outputs;
  const texts = new Map(
    result.outputFiles.map((file) => [relative(root, file.path).split(sep).join('/'), file.text]),
  );
  // An output and every chunk it imports statically, in load order.
  const closure = (path, into) => {
    if (into.has(path)) return into;
    into.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) closure(imported.path, into);
    }
    return into;
  };
  const inputsOf = (paths) =>
    [...paths]
      .flatMap((path) => Object.entries(outputs[path]?.inputs ?? {}))
      .map(([path, { bytesInOutput }]) => ({ path, bytes: bytesInOutput }))
      .filter((input) => input.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes);
  const measure = (paths) => {
    const text = [...paths].map((path) => texts.get(path) ?? '').join('');
    return {
      bytes: gzipSync(text, { level: 9 }).length,
      raw: text.length,
      inputs: inputsOf(paths),
    };
  };
  const start = Object.keys(outputs).find((path) => outputs[path].entryPoint !== undefined);
  const loaded = closure(start, new Set());
  const dynamic = () =>
    [...loaded].flatMap((path) =>
      (outputs[path]?.imports ?? []).filter((i) => i.kind === 'dynamic-import' && !i.external),
    );
  for (const target of dynamic()) {
    const inputs = Object.keys(outputs[target.path]?.inputs ?? {});
    if (!inputs.some((input) => AREA_ONLY.test(input))) closure(target.path, loaded);
  }
  const lazy = [];
  const seen = new Set(loaded);
  for (const target of [...new Set(dynamic().map((i) => i.path))]) {
    if (seen.has(target)) continue;
    const own = [...closure(target, new Set())].filter((path) => !seen.has(path));
    for (const path of own) seen.add(path);
    const measured = measure(own);
    // Named by the largest input of the chunk the `import()` loads, not of the chunks it imports.
    lazy.push({ name: inputsOf([target])[0]?.path ?? target, ...measured });
  }
  return { ...measure(loaded), lazy };
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
      const { bytes, raw, inputs, lazy } = await measure(root);
      console.log(`${name}: ${bytes} bytes gzipped (${raw} minified)`);
      for (const input of inputs.slice(0, 12)) console.log(`  ${input.bytes}  ${input.path}`);
      for (const chunk of lazy) {
        console.log(
          `  + loaded by its area's first call only, not counted above: ${chunk.name}: ${chunk.bytes} bytes gzipped (${chunk.raw} minified)`,
        );
      }
    } catch (error) {
      console.log(`${name}: not measured (${error instanceof Error ? error.message : error})`);
    }
  }
}
