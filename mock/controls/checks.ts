/** The longest IP list a control takes: an allowlist, not a place to store data. */
export const MAX_IPS = 1000;

/** The longest address in an IP list (an IPv6 address with a zone fits). */
const MAX_IP_LENGTH = 100;

/** What an IP list handed to a control must be, as its refusals say. */
export const IP_LIST_RULE = `ips must be an array of at most ${MAX_IPS} strings of at most ${MAX_IP_LENGTH} characters`;

/**
 * An IP list handed to a control (`allowIps`, `allowBalanceIps`, and so their `PUT /__mock/…`
 * routes), copied; `undefined` when it is not an array of at most {@link MAX_IPS} short strings.
 * The control throws a `TypeError` saying {@link IP_LIST_RULE}, which its route answers with 400.
 *
 * @internal
 */
export function ipListOf(ips: unknown): string[] | undefined {
  return Array.isArray(ips) &&
    ips.length <= MAX_IPS &&
    ips.every((ip) => typeof ip === 'string' && ip.length <= MAX_IP_LENGTH)
    ? [...ips]
    : undefined;
}

/**
 * {@link ipListOf}, or a `TypeError` naming the control `method` and the rule.
 *
 * @internal
 */
export function ipList(method: string, ips: unknown): string[] {
  const list = ipListOf(ips);
  if (list === undefined) throw new TypeError(`${method}(ips): ${IP_LIST_RULE}`);
  return list;
}
