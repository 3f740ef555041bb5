import {
  EXTERNALS,
  type ExternalName,
  externalsRequired,
  locate,
  skipNotice,
} from './externals.js';

// Vitest global setup: says once, at the start and again at the end of the run, which suites are
// skipped because a component is missing, or fails the run when `PIX_REQUIRE_EXTERNALS=1`.
function missing(): ExternalName[] {
  return (Object.keys(EXTERNALS) as ExternalName[]).filter((name) => locate(name) === undefined);
}

function report(): void {
  for (const name of missing()) console.warn(`npm test: ${skipNotice(name)}`);
}

export function setup(): void {
  const absent = missing();
  if (absent.length > 0 && externalsRequired()) {
    throw new Error(
      `PIX_REQUIRE_EXTERNALS=1 and components are missing:\n${absent.map((name) => `  ${skipNotice(name)}`).join('\n')}`,
    );
  }
  report();
}

export function teardown(): void {
  report();
}
