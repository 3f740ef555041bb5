const INSPECT = /* @__PURE__ */ Symbol.for('nodejs.util.inspect.custom');

/**
 * Sets what `util.inspect(value)` and `console.log(value)` show in Node.js: `text()`, worked out at
 * each inspection. It is an own, non-enumerable property of the instance, set by its constructor,
 * and not a method named `[Symbol.for('nodejs.util.inspect.custom')]`: esbuild keeps a class with a
 * computed member name in every bundle of the module that holds it, with everything the class
 * uses, and the build puts the client's classes in one module. A bundle that takes only
 * `validatePixKey` would carry the whole client.
 *
 * @internal
 */
export function showAs(value: object, text: () => string): void {
  Object.defineProperty(value, INSPECT, { value: text });
}
