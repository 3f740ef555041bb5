import type { ServiceState } from './state/service-state.js';

/**
 * The path of `url` relative to the mock's base URL, or `undefined` when the mock does not serve
 * it. Every transport that is handed whole URLs (MSW, `mock.fetch`) asks this first.
 */
export function servedPath(state: ServiceState, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== state.origin) return undefined;
  const { pathname } = parsed;
  if (state.basePath === '') return pathname;
  if (pathname === state.basePath) return '/';
  return pathname.startsWith(`${state.basePath}/`)
    ? pathname.slice(state.basePath.length)
    : undefined;
}
