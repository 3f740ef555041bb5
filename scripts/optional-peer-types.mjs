// msw is an optional peer of pix-payment-sdk/mock, needed by `mock.handlers` alone; the mock's
// declarations import its `HttpHandler` type. A project without msw that compiles with
// `skipLibCheck: false` would stop at "Cannot find module 'msw'" in them. This marks that import
// in the built declarations with `@ts-expect-error` (the declaration bundler drops comments written in
// the source): with msw installed the handlers keep msw's type; without it they are `any` and
// everything else compiles. Runs after tsup (`npm run build`); fails if the import it marks
// changed, so that a new import of msw cannot go unmarked.
import { readFileSync, writeFileSync } from 'node:fs';

const MARK = '// @ts-ignore msw is an optional peer: without it, mock.handlers is typed any\n';
const files = ['../dist/mock/index.d.ts', '../dist/mock/index.d.cts'];

for (const file of files) {
  const path = new URL(file, import.meta.url);
  const text = readFileSync(path, 'utf8').replaceAll(MARK, '');
  const imports = text.match(/^import [^;]* from 'msw(?:\/[^']*)?';$/gm) ?? [];
  if (
    imports.length !== 1 ||
    !imports[0].startsWith('import { HttpHandler } from') ||
    text.includes("import('msw")
  ) {
    throw new Error(`${file}: expected one import of msw's HttpHandler, found ${imports.length}`);
  }
  writeFileSync(path, text.replace(imports[0], `${MARK}${imports[0]}`));
}
console.log('marked the optional msw import in the mock declarations');
