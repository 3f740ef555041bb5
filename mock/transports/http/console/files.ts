// The operator console of the mock server (`GET /__mock/console`): a page, its script and its
// styles, served from these strings so that the bundle and the bin need no file beside them. The
// page drives the server through the control routes only, from its own origin.
import { CONSOLE_SCRIPT } from './script.js';

/**
 * Where the console lives; its script and styles are under it.
 *
 * @internal
 */
export const CONSOLE_PATH = '/__mock/console';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pix-payment-mock console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${CONSOLE_PATH}/app.css">
<script src="${CONSOLE_PATH}/app.js" defer></script>
</head>
<body>
<header>
  <h1>pix-payment-mock</h1>
  <div class="clock">Mock time <output id="clock-now">…</output>
    <form id="clock-form"><input id="clock-advance" name="advance" value="1h" size="6" aria-label="Advance the clock by (ms, 30s, 15m, 2h, 1d)"><button type="submit">Advance</button></form>
  </div>
  <div class="account">Account <select id="account-select" aria-label="Account shown"></select></div>
</header>
<form id="token-form" hidden>
  <label>This server needs its control token <input id="token" type="password" autocomplete="off"></label>
  <button type="submit">Use it</button>
</form>
<p id="status" role="status"></p>
<main>
<section id="accounts"><h2>Accounts and balances</h2><div class="body"></div></section>
<section id="customers"><h2>Customers and Pix keys</h2><div class="body"></div></section>
<section id="transactions" class="wide"><h2>Transactions</h2><div class="body"></div></section>
<section id="deliveries" class="wide"><h2>Webhook deliveries <small>(newest first)</small></h2><div class="body"></div></section>
<section id="faults" class="wide"><h2>Faults</h2>
  <form id="fault-form">
    <select name="method" aria-label="Method"><option value="">any method</option><option>GET</option><option>POST</option><option>PUT</option><option>DELETE</option></select>
    <input name="path" placeholder="/withdraw" aria-label="Path" required>
    <input name="status" type="number" min="100" max="599" value="503" aria-label="Status">
    <input name="times" placeholder="times (1; Infinity)" size="12" aria-label="Times">
    <select name="phase" aria-label="Phase"><option value="before">before</option><option value="after">after</option></select>
    <button type="submit">Add fault</button>
    <button type="button" id="faults-clear">Clear all</button>
  </form>
  <div class="body"></div>
</section>
<section id="journal" class="wide"><h2>Journal <small>(newest first)</small></h2><div class="body"></div></section>
</main>
</body>
</html>
`;

const STYLES = `
:root { color-scheme: light dark; --line: #8884; --accent: #2a7ae2; --bad: #c0392b; --good: #1e8449; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; }
header { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: center; padding: .6rem 1rem; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: Canvas; }
h1 { font-size: 1.1rem; margin: 0; }
h2 { font-size: 1rem; margin: 0 0 .4rem; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(28rem, 1fr)); gap: 1rem; padding: 1rem; }
section { border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem; overflow: auto; max-height: 32rem; }
section.wide { grid-column: 1 / -1; }
form { display: inline-flex; flex-wrap: wrap; gap: .3rem; align-items: center; margin: 0; }
#fault-form { margin-bottom: .5rem; }
#token-form { padding: .6rem 1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .2rem .4rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; }
code, .mono { font-family: ui-monospace, monospace; font-size: 12px; overflow-wrap: anywhere; }
.status { font-weight: 600; }
.status-PAID, .status-delivered, .status-REFUND_CANCELED { color: var(--good); }
.status-ERROR, .status-REJECTED, .status-failed, .status-REFUND_APPROVED { color: var(--bad); }
.history { font-size: 12px; opacity: .8; }
.actions { display: flex; flex-wrap: wrap; gap: .3rem; }
#status { margin: 0; padding: 0 1rem; min-height: 1.4em; }
#status.error { color: var(--bad); }
button { cursor: pointer; }
pre { margin: .2rem 0; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
`;

/**
 * The headers of every console answer: nothing inline runs, nothing frames it, nothing is kept.
 *
 * @internal
 */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const FILES: ReadonlyMap<string, { readonly type: string; readonly body: string }> = new Map([
  [CONSOLE_PATH, { type: 'text/html; charset=utf-8', body: PAGE }],
  [`${CONSOLE_PATH}/app.js`, { type: 'text/javascript; charset=utf-8', body: CONSOLE_SCRIPT }],
  [`${CONSOLE_PATH}/app.css`, { type: 'text/css; charset=utf-8', body: STYLES }],
]);

/**
 * The console's file at `pathname` (its page, script or styles), or `undefined`.
 *
 * @internal
 */
export function consoleFile(
  pathname: string,
): { readonly type: string; readonly body: string } | undefined {
  return FILES.get(pathname);
}
