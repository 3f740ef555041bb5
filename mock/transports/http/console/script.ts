// The console's script, as the browser runs it (plain JavaScript, no build step, no library).
// Every value a caller or a receiver chose (names, externalIds, answers, bodies) reaches the page
// as text nodes: nothing here parses HTML.

/**
 * The script of the operator console (`/__mock/console/app.js`).
 *
 * @internal
 */
export const CONSOLE_SCRIPT = String.raw`'use strict';
(function () {
  var POLL_MS = 2000;
  var JOURNAL_ROWS = 200;
  var SETTLE_STATUSES = ['PAID', 'PROCESSING', 'ERROR', 'REJECTED'];
  var OUTCOMES = ['REFUND_APPROVED', 'REFUND_CANCELED', 'EXPIRED_DISPUTE'];
  var token = null; // the control token, when the server needs one: kept in this page only
  var account = ''; // the account shown; '' for the main account
  var accounts = [];
  var shown = {}; // what each section last showed, as JSON: unchanged data is not drawn again
  var timer = null;

  function $(id) { return document.getElementById(id); }

  /** An element with attributes, listeners and children (strings become text nodes). */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === undefined || value === null || value === false) return;
      if (key.slice(0, 2) === 'on') node.addEventListener(key.slice(2), value);
      else if (key === 'class') node.className = value;
      else node.setAttribute(key, String(value));
    });
    (children || []).forEach(function (child) {
      if (child === undefined || child === null) return;
      node.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
    });
    return node;
  }

  function table(headings, rows) {
    var head = el('tr', {}, headings.map(function (h) { return el('th', {}, [h]); }));
    return el('table', {}, [el('thead', {}, [head]), el('tbody', {}, rows)]);
  }

  function cells(values) {
    return el('tr', {}, values.map(function (v) { return el('td', {}, [v]); }));
  }

  function say(text, error) {
    var node = $('status');
    node.textContent = text;
    node.className = error ? 'error' : '';
  }

  function fill(section, node) {
    var body = $(section).querySelector('.body');
    body.replaceChildren(node);
  }

  function withAccount(path) {
    if (account === '') return path;
    return path + (path.indexOf('?') < 0 ? '?' : '&') + 'account=' + encodeURIComponent(account);
  }

  /** One control request; resolves with the parsed answer, rejects with the server's reason. */
  function call(method, path, body) {
    var headers = { accept: 'application/json' };
    if (token !== null) headers['x-mock-control-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
    }).then(function (res) {
      if (res.status === 401 && path.indexOf('/__mock/') === 0) {
        $('token-form').hidden = false;
        stop();
        throw new Error('the server needs its control token: enter it above');
      }
      return res.text().then(function (text) {
        var answer = null;
        try { answer = text === '' ? null : JSON.parse(text); } catch (e) { answer = text; }
        if (!res.ok) {
          var detail = res.headers.get('x-mock-reason') ||
            (answer && typeof answer === 'object' && (answer.detail || answer.message)) || '';
          throw new Error(method + ' ' + path + ': ' + res.status + (detail ? ' ' + detail : ''));
        }
        return answer;
      });
    });
  }

  function act(label, run) {
    say(label + '…');
    return run().then(function () {
      say(label + ': done');
      return refresh();
    }, function (error) { say(error.message, true); });
  }

  function money(entry) {
    var name = entry.currency ? entry.currency.name : entry.cryptocurrency ? entry.cryptocurrency.name : '?';
    var text = name + ' ' + entry.totalAmount;
    if (entry.totalHeld !== undefined) text += ' (held ' + entry.totalHeld + ')';
    return text;
  }

  function statusNode(status) {
    return el('span', { class: 'status status-' + String(status).replace(/[^A-Za-z_]/g, '') }, [status]);
  }

  function time(iso) { return typeof iso === 'string' ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : ''; }

  function changed(section, data) {
    var text = JSON.stringify(data);
    if (shown[section] === text) return false;
    shown[section] = text;
    return true;
  }

  // ---- The sections -------------------------------------------------------------------------

  function drawAccounts(list, balances) {
    var select = $('account-select');
    if (changed('account-select', list)) {
      select.replaceChildren.apply(select, list.map(function (a) {
        return el('option', { value: a.subAccount ? a._id : '' }, [(a.name || a._id) + (a.subAccount ? ' (sub-account)' : ' (main)')]);
      }));
      select.value = account;
    }
    if (!changed('accounts', [list, balances])) return;
    fill('accounts', table(['Account', 'Id', 'Balances', 'Login'], list.map(function (a, i) {
      return cells([
        a.name || '', el('code', {}, [a._id]),
        (balances[i] || []).map(money).join(' · '),
        el('code', {}, [a.credentials ? a.credentials.email || '' : '']),
      ]);
    })));
  }

  function historyOf(id, deliveries, created, first) {
    var steps = [first + ' ' + time(created)];
    deliveries.forEach(function (d) {
      if (d.trigger === 'settle' && d.payload && d.payload.id === id) steps.push(d.payload.status + ' ' + time(d.time));
    });
    return el('div', { class: 'history' }, [steps.join(' → ')]);
  }

  function settleControls(kind, t) {
    var select = el('select', { 'aria-label': 'Status to settle ' + t._id + ' with' },
      SETTLE_STATUSES.map(function (s) { return el('option', {}, [s]); }));
    return [select, el('button', {
      type: 'button', 'data-action': 'settle', 'data-id': t._id,
      onclick: function () {
        var status = select.value;
        act('settle ' + t._id + ' ' + status, function () {
          return call('POST', withAccount('/__mock/' + kind + 's/' + encodeURIComponent(t._id) + '/settle'), { status: status });
        });
      },
    }, ['Settle'])];
  }

  function depositControls(t) {
    var nodes = [];
    if (t.status === 'WAITING_PAYMENT' || t.status === 'PROCESSING') {
      nodes.push(el('button', {
        type: 'button', 'data-action': 'pay', 'data-id': t._id,
        onclick: function () {
          act('pay ' + t._id, function () {
            return call('POST', withAccount('/__mock/deposits/' + encodeURIComponent(t._id) + '/pay'));
          });
        },
      }, ['Pay']));
    }
    if (t.status === 'PAID') {
      var outcome = el('select', { 'aria-label': 'Outcome of a dispute of ' + t._id },
        OUTCOMES.map(function (s) { return el('option', {}, [s]); }));
      // At once, or on the mock clock: each next status once the clock has moved a step.
      var pace = el('select', { 'aria-label': 'Pace of a dispute of ' + t._id }, [
        el('option', { value: '' }, ['at once']),
        el('option', { value: '3600000' }, ['a step per hour']),
        el('option', { value: '86400000' }, ['a step per day']),
      ]);
      nodes.push(outcome, pace, el('button', {
        type: 'button', 'data-action': 'dispute', 'data-id': t._id,
        onclick: function () {
          var body = { outcome: outcome.value };
          if (pace.value !== '') body.stepMs = Number(pace.value);
          act('dispute ' + t._id, function () {
            return call('POST', withAccount('/__mock/deposits/' + encodeURIComponent(t._id) + '/dispute'), body);
          });
        },
      }, ['Dispute']));
    }
    return nodes;
  }

  /** Resends a webhook as the merchant would: the service's route, with a token of the account. */
  function resend(kind, id) {
    return act('resend the webhook of ' + id, function () {
      return call('POST', withAccount('/__mock/auth/token')).then(function (answer) {
        var path = (kind === 'withdrawal' ? '/withdraw/' : '/deposit/') + encodeURIComponent(id) + '/resend/webhook';
        return fetch(path, {
          method: 'POST',
          headers: { authorization: 'Bearer ' + answer.token },
          credentials: 'omit',
          cache: 'no-store',
        }).then(function (res) {
          if (!res.ok) throw new Error('POST ' + path + ': ' + res.status);
          return call('POST', '/__mock/webhooks/flush');
        });
      });
    });
  }

  function drawTransactions(withdrawals, deposits, deliveries) {
    var lastDelivery = deliveries.length === 0 ? 0 : deliveries[deliveries.length - 1].id;
    if (!changed('transactions', [withdrawals, deposits, deliveries.length, lastDelivery])) return;
    var rows = [];
    function row(kind, t) {
      var actions = kind === 'withdrawal' ? settleControls(kind, t) : depositControls(t).concat(settleControls(kind, t));
      actions.push(el('button', {
        type: 'button', 'data-action': 'resend', 'data-id': t._id,
        onclick: function () { resend(kind, t._id); },
      }, ['Resend webhook']));
      var first = kind === 'withdrawal' ? 'PENDING' : 'WAITING_PAYMENT';
      rows.push(el('tr', { 'data-id': t._id, 'data-kind': kind }, [
        el('td', {}, [kind]),
        el('td', {}, [el('code', {}, [t._id]), el('div', { class: 'external-id' }, [t.externalId === undefined ? '' : t.externalId])]),
        el('td', {}, [String(t.amount) + (t.currency ? ' ' + t.currency.name : '') + (t.cryptoAmount !== undefined ? ' (' + t.cryptoAmount + ' ' + (t.cryptocurrency ? t.cryptocurrency.name : '') + ')' : '')]),
        el('td', {}, [statusNode(t.status), historyOf(t._id, deliveries, t.createdDate, first)]),
        el('td', {}, [el('div', { class: 'actions' }, actions)]),
      ]));
    }
    withdrawals.forEach(function (t) { row('withdrawal', t); });
    deposits.forEach(function (t) { row('deposit', t); });
    fill('transactions', rows.length === 0
      ? el('p', {}, ['No withdrawal or deposit yet: create one through the client.'])
      : table(['Kind', 'Id · externalId', 'Amount', 'Status · history', 'Actions'], rows));
  }

  function drawDeliveries(deliveries) {
    if (!changed('deliveries', deliveries)) return;
    var rows = deliveries.slice().reverse().map(function (d) {
      var answer = d.status !== undefined ? String(d.status) : '';
      if (d.error) answer += (answer ? ' · ' : '') + d.error;
      return cells([
        String(d.id), time(d.time), d.trigger,
        el('code', {}, [d.payload ? d.payload.id : '']),
        d.payload ? statusNode(d.payload.status) : '',
        el('code', {}, [d.url === null ? '(no webhook URL set)' : d.url]),
        statusNode(d.outcome),
        answer + (d.durationMs !== undefined ? ' (' + d.durationMs + ' ms)' : ''),
      ]);
    });
    fill('deliveries', rows.length === 0 ? el('p', {}, ['No delivery yet.'])
      : table(['#', 'Time', 'Trigger', 'Transaction', 'Status sent', 'URL', 'Outcome', 'Receiver answered'], rows));
  }

  function drawCustomers(customers, keys) {
    if (!changed('customers', [customers, keys])) return;
    var rows = customers.map(function (c) {
      var own = keys.filter(function (k) { return k.customerId === c._id; });
      return cells([
        c.name, el('code', {}, [c._id]), c.document || '', c.email || '',
        el('div', {}, own.map(function (k) { return el('div', {}, [k.type + ' ', el('code', {}, [k.key])]); })),
      ]);
    });
    fill('customers', rows.length === 0 ? el('p', {}, ['No customer.'])
      : table(['Name', 'Id', 'Document', 'E-mail', 'Pix keys'], rows));
  }

  function drawFaults(faults) {
    if (!changed('faults', faults)) return;
    var rows = faults.map(function (f) {
      var path = typeof f.path === 'string' ? f.path : f.path ? '/' + f.path.pattern + '/' : f.pathPattern || 'any path';
      return cells([
        el('code', {}, [f.id]), f.method || 'any', el('code', {}, [path]),
        f.status === undefined ? '' : String(f.status), f.phase || 'before',
        String(f.hits) + ' / ' + String(f.remaining) + ' left',
        el('button', {
          type: 'button', 'data-action': 'remove-fault',
          onclick: function () {
            act('remove fault ' + f.id, function () { return call('DELETE', '/__mock/faults/' + encodeURIComponent(f.id)); });
          },
        }, ['Remove']),
      ]);
    });
    fill('faults', rows.length === 0 ? el('p', {}, ['No fault.'])
      : table(['Id', 'Method', 'Path', 'Status', 'Phase', 'Hits', ''], rows));
  }

  function drawJournal(entries) {
    var last = entries.length === 0 ? 0 : entries[entries.length - 1].id;
    if (!changed('journal', [entries.length, last])) return;
    var rows = entries.slice(-JOURNAL_ROWS).reverse().map(function (e) {
      var more = [];
      if (e.detail) more.push(el('div', {}, ['refused: ' + e.detail]));
      if (e.fault) more.push(el('div', {}, ['fault ' + e.fault]));
      if (e.body !== undefined) {
        more.push(el('details', {}, [el('summary', {}, ['body']), el('pre', {}, [JSON.stringify(e.body, null, 2)])]));
      }
      return cells([
        String(e.id), time(e.time), e.method,
        el('div', {}, [el('code', {}, [e.path + e.query])].concat(more)),
        statusNode(String(e.status)), e.operation || '', e.account || '',
      ]);
    });
    fill('journal', rows.length === 0 ? el('p', {}, ['No request yet.'])
      : table(['#', 'Time', 'Method', 'Path', 'Status', 'Operation', 'Account'], rows));
  }

  // ---- Polling ------------------------------------------------------------------------------

  function refresh() {
    return Promise.all([
      call('GET', '/__mock/accounts'),
      call('GET', '/__mock/clock'),
      call('GET', withAccount('/__mock/withdrawals')),
      call('GET', withAccount('/__mock/deposits')),
      call('GET', '/__mock/webhooks/deliveries'),
      call('GET', withAccount('/__mock/customers')),
      call('GET', withAccount('/__mock/pix-keys')),
      call('GET', '/__mock/faults'),
      call('GET', '/__mock/requests'),
    ]).then(function (r) {
      accounts = r[0];
      if (account !== '' && !accounts.some(function (a) { return a._id === account; })) account = '';
      $('clock-now').textContent = time(r[1].now);
      return Promise.all(accounts.map(function (a) {
        return call('GET', '/__mock/balances' + (a.subAccount ? '?account=' + encodeURIComponent(a._id) : ''));
      })).then(function (balances) {
        drawAccounts(accounts, balances);
        drawTransactions(r[2], r[3], r[4]);
        drawDeliveries(r[4]);
        drawCustomers(r[5], r[6]);
        drawFaults(r[7]);
        drawJournal(r[8]);
        document.body.setAttribute('data-ready', 'true');
      });
    });
  }

  function poll() {
    timer = null;
    refresh().then(schedule, function (error) { say(error.message, true); schedule(); });
  }

  // A hidden tab does not poll: it reads again when shown.
  function schedule() {
    if (timer === null && $('token-form').hidden && !document.hidden) timer = setTimeout(poll, POLL_MS);
  }

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  /** '90s', '15m', '2h', '1d' or milliseconds, as milliseconds; NaN for anything else. */
  function duration(text) {
    var match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
    if (!match) return NaN;
    var unit = { ms: 1, s: 1000, m: 60000, h: 3600000, d: 86400000 }[match[2] || 'ms'];
    return Math.round(Number(match[1]) * unit);
  }

  function start() {
    $('clock-form').addEventListener('submit', function (event) {
      event.preventDefault();
      var ms = duration($('clock-advance').value);
      if (!(ms >= 0)) { say('advance by a duration: 500, 30s, 15m, 2h or 1d', true); return; }
      act('advance the clock by ' + ms + ' ms', function () { return call('POST', '/__mock/clock/advance', { ms: ms }); });
    });
    $('account-select').addEventListener('change', function (event) {
      account = event.target.value;
      shown = {};
      refresh().catch(function (error) { say(error.message, true); });
    });
    $('token-form').addEventListener('submit', function (event) {
      event.preventDefault();
      token = $('token').value;
      $('token').value = '';
      $('token-form').hidden = true;
      say('');
      poll();
    });
    $('fault-form').addEventListener('submit', function (event) {
      event.preventDefault();
      var form = event.target;
      var fault = { path: form.elements.path.value, phase: form.elements.phase.value };
      if (form.elements.method.value) fault.method = form.elements.method.value;
      if (form.elements.status.value) fault.status = Number(form.elements.status.value);
      var times = form.elements.times.value.trim();
      if (times !== '') fault.times = times === 'Infinity' ? 'Infinity' : Number(times);
      act('add a fault', function () { return call('POST', '/__mock/faults', fault); });
    });
    $('faults-clear').addEventListener('click', function () {
      act('clear the faults', function () { return call('DELETE', '/__mock/faults'); });
    });
    document.addEventListener('visibilitychange', function () {
      if (!document.hidden && timer === null && $('token-form').hidden) poll();
    });
    poll();
  }

  start();
})();
`;
