import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// dist/ carries copies of ky and zod/mini; THIRD_PARTY_NOTICES.md ships their versions and license
// texts. Both must describe the copies a build of this checkout would bundle: the installed ones.
const root = join(import.meta.dirname, '..');
const notices = readFileSync(join(root, 'THIRD_PARTY_NOTICES.md'), 'utf8');

function installed(name: string): { version: string; license: string } {
  // Both are direct (dev)dependencies, so npm places them at the top of node_modules.
  const dir = join(root, 'node_modules', name);
  const manifest = join(dir, 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const file = ['license', 'LICENSE', 'license.md', 'LICENSE.md'].find((candidate) => {
    try {
      readFileSync(join(dir, candidate));
      return true;
    } catch {
      return false;
    }
  });
  if (file === undefined) throw new Error(`${name} ships no license file`);
  return { version, license: readFileSync(join(dir, file), 'utf8') };
}

function section(name: string): string {
  const start = notices.indexOf(`\n## ${name}\n`);
  expect(start, `a "## ${name}" section`).toBeGreaterThan(-1);
  const end = notices.indexOf('\n## ', start + 1);
  return notices.slice(start, end === -1 ? undefined : end);
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('THIRD_PARTY_NOTICES.md', () => {
  for (const name of ['ky', 'zod']) {
    it(`names the installed version of ${name} and carries its license text`, () => {
      const { version, license } = installed(name);
      const text = section(name);
      expect(text).toContain(`Version ${version},`);
      expect(normalise(text)).toContain(normalise(license));
    });
  }

  it('ships with the package', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      files: string[];
    };
    expect(manifest.files).toContain('THIRD_PARTY_NOTICES.md');
  });
});
