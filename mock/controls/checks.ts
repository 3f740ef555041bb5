/** What an IP list handed to a control must be, as its refusals say. */
export const IP_LIST_RULE = 'ips must be an array of strings';

/**
 * An IP list handed to a control (`allowIps`, `allowBalanceIps`, their `PUT /__mock/…` routes),
 * copied; `undefined` when it is not an array of strings. The in-process control throws a
 * `TypeError` and the control route answers 400, both saying {@link IP_LIST_RULE}.
 *
 * @internal
 */
export function ipListOf(ips: unknown): string[] | undefined {
  return Array.isArray(ips) && ips.every((ip) => typeof ip === 'string') ? [...ips] : undefined;
}
