// Who may talk to the HTTP server: the Host and Origin rules, the JSON rule for control writes
// and the control token. Only the server applies them: MSW and `mock.fetch` have no socket a web
// page could reach.
import type { IncomingMessage } from 'node:http';
import { isJsonContentType } from '../../service/request.js';
import { DELIVERY_HEADER } from '../../service/webhooks.js';

/**
 * The access rules of one running server.
 *
 * @internal
 */
export interface AccessRules {
  /** Names that mean this server: loopback names, the bound address, this machine's addresses. */
  readonly ownNames: ReadonlySet<string>;
  /** The port the server listens on. */
  readonly port: number;
  /** The names the caller added (`allowedHosts`). */
  readonly extraNames: ReadonlySet<string>;
  /** Whether a presented control token is the right one; `undefined`: no token needed. */
  readonly checkToken: ((presented: string) => boolean) | undefined;
}

/**
 * Why a request is refused before it reaches the router.
 *
 * @internal
 */
export interface Refusal {
  readonly status: 401 | 403 | 415;
  readonly detail: string;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0']);
// A Host header: a name or an IPv4 address, or an IPv6 address in brackets, then maybe a port.
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^[\]:/\s@]+)(?::(\d{1,5}))?$/i;
const HOST_NAME = /^(\[[0-9a-f:.]+\]|[^[\]:/\s@]+)$/i;
// An address written as one: dotted IPv4, or IPv6 in brackets (as `hostName` writes it).
const IP_LITERAL =
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[[0-9a-f:.]+\])$/;
// `localhost` and every name under it: browsers resolve them to loopback, never through DNS.
const LOOPBACK_NAME = /^(?:[a-z0-9-]+\.)*localhost\.?$/;

/**
 * A host name as the rules compare it: lower case, an IPv6 address in brackets.
 *
 * @internal
 */
export function hostName(host: string): string {
  const lower = host.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/**
 * The access rules of a server bound to `host` and `port`. `interfaceAddresses` are this
 * machine's addresses: a server bound to every interface (`0.0.0.0`, `::`) answers to each.
 *
 * @internal
 */
export function accessRules(options: {
  host: string;
  port: number;
  allowedHosts: ReadonlyArray<string> | undefined;
  interfaceAddresses: () => ReadonlyArray<string>;
  checkToken: AccessRules['checkToken'];
}): AccessRules {
  const bound = hostName(options.host);
  const ownNames = new Set([...LOOPBACK_NAMES, bound]);
  if (WILDCARD_ADDRESSES.has(bound)) {
    for (const address of options.interfaceAddresses()) ownNames.add(hostName(address));
  }
  const extraNames = new Set<string>();
  for (const name of options.allowedHosts ?? []) {
    if (typeof name !== 'string' || !HOST_NAME.test(hostName(name))) {
      throw new TypeError(
        `allowedHosts: each entry is a host name without a port, got ${JSON.stringify(name)}`,
      );
    }
    extraNames.add(hostName(name));
  }
  return { ownNames, port: options.port, extraNames, checkToken: options.checkToken };
}

function knownName(rules: AccessRules, name: string): boolean {
  return rules.ownNames.has(name) || rules.extraNames.has(name);
}

/** Whether a `Host` header may reach this server: docs/decisions/host-rule.md. */
function hostAllowed(rules: AccessRules, header: string): boolean {
  const match = HOST_HEADER.exec(header);
  if (!match) return false;
  if (match[2] !== undefined && Number(match[2]) > 65535) return false;
  const name = hostName(match[1] ?? '');
  return IP_LITERAL.test(name) || LOOPBACK_NAME.test(name) || knownName(rules, name);
}

/**
 * Whether `url` reaches this server: its port, and a name or address of this server (a loopback
 * address or name, the bound address, an `allowedHosts` name). A webhook sent there would come
 * back into the mock.
 *
 * @internal
 */
export function pointsAtServer(rules: AccessRules, url: URL): boolean {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (port !== rules.port) return false;
  const name = hostName(url.hostname);
  return (
    knownName(rules, name) ||
    LOOPBACK_NAME.test(name) ||
    WILDCARD_ADDRESSES.has(name) ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    /^\[(?:0*:)*:?0*1\]$|^\[::ffff:(?:127\.|7f)/.test(name)
  );
}

/**
 * Whether `origin` is the origin the request was sent to (scheme aside: a TLS proxy may stand in
 * front), the `Host` it names: only this server's own pages (its console) may drive it. A page of
 * another port of this machine is another origin, and as foreign as another site.
 */
function originAllowed(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  let url: URL;
  let target: URL;
  try {
    url = new URL(origin);
    target = new URL(`${url.protocol}//${host}`);
  } catch {
    // `Origin: null` (a sandboxed frame, a redirect, a file) is nobody we know.
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === target.host;
}

/**
 * Whether a browser said the request comes from another origin than the one it is sent to
 * (`Sec-Fetch-Site`), the console's page excepted when it is opened as a whole page: a link to it
 * from elsewhere opens it, and it cannot be framed.
 */
function fetchedCrossOrigin(req: IncomingMessage, page: boolean): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return false;
  return !(
    page &&
    req.headers['sec-fetch-mode'] === 'navigate' &&
    req.headers['sec-fetch-dest'] === 'document'
  );
}

function presentedToken(req: IncomingMessage): string | undefined {
  const header = req.headers['x-mock-control-token'];
  if (typeof header === 'string') return header;
  const bearer = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
  return bearer?.[1];
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * What a request's path is to the rules: a route of the service, a control route (`/__mock/…`),
 * the console's page (`/__mock/console`) or one of its files (its script, its styles). The
 * console's page and files hold no data and need no control token (the page asks for it); every
 * other rule of the control routes applies to them.
 *
 * @internal
 */
export type RouteKind = 'service' | 'control' | 'console-page' | 'console-file';

/**
 * Checks a request against the rules before anything is read or routed; `undefined` when it may
 * go on.
 *
 * @internal
 */
export function refusalOf(
  rules: AccessRules,
  req: IncomingMessage,
  kind: RouteKind,
): Refusal | undefined {
  // A browser always sends Host; a DNS-rebinding page sends its own name, never an address.
  const host = req.headers.host;
  if (req.headers[DELIVERY_HEADER] !== undefined) {
    return {
      status: 403,
      detail: 'a webhook delivery of a mock is never answered by a mock: it could set off another',
    };
  }
  if (host !== undefined && !hostAllowed(rules, host)) {
    return {
      status: 403,
      detail: `Host ${JSON.stringify(host)} does not name this server (add it to allowedHosts, or --allowed-host, to serve that name)`,
    };
  }
  if (kind === 'service') return undefined;
  const origin = req.headers.origin;
  if (origin !== undefined && !originAllowed(origin, host)) {
    return {
      status: 403,
      detail: `the control routes answer only pages of this server's own origin, not of Origin ${JSON.stringify(origin)}`,
    };
  }
  if (fetchedCrossOrigin(req, kind === 'console-page')) {
    return {
      status: 403,
      detail: `the control routes answer only pages of this server's own origin, not a ${String(req.headers['sec-fetch-site'])} request`,
    };
  }
  if (kind !== 'control') return undefined;
  if (rules.checkToken) {
    const token = presentedToken(req);
    if (token === undefined || !rules.checkToken(token)) {
      return {
        status: 401,
        detail:
          'the control routes need the control token, in X-Mock-Control-Token or Authorization: Bearer',
      };
    }
  }
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && hasBody(req)) {
    const type = req.headers['content-type'];
    if (!isJsonContentType(type ?? null)) {
      return {
        status: 415,
        detail: 'a control route body must be sent as Content-Type: application/json',
      };
    }
  }
  return undefined;
}
