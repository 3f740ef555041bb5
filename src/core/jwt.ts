/**
 * Reads the `exp` claim of a JWT and returns it in epoch milliseconds, or `undefined` when the
 * token is not a three-part JWT, its payload is not base64url JSON, or it has no numeric `exp`.
 * The signature is not checked: the client only needs to know when to log in again, and the
 * service checks the signature itself. Uses `atob` and `TextDecoder`, not `Buffer`, so it runs
 * wherever `fetch` does.
 *
 * @internal
 */
export function readJwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined || !/^[A-Za-z0-9_-]+$/.test(payload)) {
    return undefined;
  }
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const exp =
      typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
