/**
 * Writes or checks the API report of every entry point of the package (`.`, `./mock`, `./redis`)
 * with API Extractor, read from the built declarations in `dist/`. The reports live in `api/` and
 * show in review every change to a public name or type.
 *
 * `npm run api:check` (part of `npm test`, after the build) fails when a report differs from the
 * surface just built; `npm run api:update` writes the reports anew after an intended change.
 *
 * @example
 * ```sh
 * npm run build && npm run api:update
 * ```
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

const root = fileURLToPath(new URL('..', import.meta.url));
const update = process.argv.includes('--update');

/** Each entry point: the name of its report and its built declarations. */
const entries = [
  { report: 'index', types: 'dist/index.d.ts' },
  { report: 'mock', types: 'dist/mock/index.d.ts' },
  { report: 'redis', types: 'dist/redis/index.d.ts' },
] as const;

let changed = 0;
for (const entry of entries) {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: `<projectFolder>/${entry.types}`,
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2023',
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            types: ['node'],
            strict: true,
            skipLibCheck: true,
          },
          files: [entry.types],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: `${entry.report}.api.md`,
        reportFolder: '<projectFolder>/api/',
        reportTempFolder: '<projectFolder>/node_modules/.cache/api-report/',
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
        // The report lists the surface; the TSDoc style of each comment is typedoc's concern.
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: fileURLToPath(new URL('../package.json', import.meta.url)),
  });
  const result = Extractor.invoke(config, {
    localBuild: update,
    messageCallback: (message) => {
      if (message.messageId === 'console-preamble') message.handled = true;
    },
  });
  if (update ? result.errorCount > 0 : !result.succeeded || result.apiReportChanged) {
    changed += 1;
    console.error(
      update
        ? `api/${entry.report}.api.md could not be written (${result.errorCount} errors)`
        : `api/${entry.report}.api.md differs from the surface of ${entry.types}: review the change, then run \`npm run api:update\``,
    );
  }
}
if (changed > 0) process.exitCode = 1;
