/** The source text of a balance's amounts, as the answer wrote them. @internal */
export interface AmountTexts {
  totalAmount?: string;
  totalHeld?: string;
}

// For the balances `client.company.getBalance()` returned: above 70368744177664.00 a double no
// longer tells every cent apart (`90071992547409.91` reads as `90071992547409.9`), while the text
// still does. Weak: a balance dropped by the caller takes its texts with it.
const amountTexts = new WeakMap<object, AmountTexts>();

/** The source texts of a balance's amounts, when it came from a balance answer. @internal */
export function amountTextsOf(balance: object): AmountTexts | undefined {
  return amountTexts.get(balance);
}

type SourceReviver = (
  this: unknown,
  key: string,
  value: unknown,
  context?: { source?: string },
) => unknown;

/**
 * Reads the JSON of a balance answer keeping each amount's source text, where the runtime's
 * `JSON.parse` gives it (Node 22+, recent browsers), and ties those texts to the balances once
 * parsed and checked (`keep`, in the order of the answer), for `brlBalance`.
 *
 * @internal
 */
export function balanceReader(): {
  parse(text: string): unknown;
  keep(balances: ReadonlyArray<object>): void;
} {
  const byRaw = new Map<unknown, AmountTexts>();
  const byIndex: Array<AmountTexts | undefined> = [];
  const reviver: SourceReviver = function (key, value, context) {
    if ((key === 'totalAmount' || key === 'totalHeld') && typeof context?.source === 'string') {
      const texts = byRaw.get(this) ?? {};
      texts[key] = context.source;
      byRaw.set(this, texts);
    } else if (Array.isArray(this) && byRaw.has(value)) {
      byIndex[Number(key)] = byRaw.get(value);
    }
    return value;
  };
  return {
    parse: (text) => JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1]),
    keep(balances) {
      balances.forEach((balance, index) => {
        const texts = byIndex[index];
        if (texts !== undefined) amountTexts.set(balance, texts);
      });
    },
  };
}
