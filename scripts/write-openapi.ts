/**
 * Writes `openapi.json` at the package root from {@link createOpenApiDocument}. Runs after the
 * build (`tsx scripts/write-openapi.ts`); the file is shipped as `pix-payment-sdk/openapi.json`, and
 * `test/mock/openapi/openapi.test.ts` fails when it differs from a fresh document.
 *
 * @example
 * ```sh
 * npx tsx scripts/write-openapi.ts
 * ```
 *
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument } from '../mock/openapi/document.js';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
await writeFile(target, `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);
