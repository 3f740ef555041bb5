/**
 * The version of this package, sent in the `User-Agent` header as `pix-payment-sdk/<VERSION>`.
 *
 * @example
 * ```ts
 * import { VERSION } from 'pix-payment-sdk';
 * console.log(`using pix-payment-sdk ${VERSION}`);
 * ```
 */
export const VERSION = '0.1.0';
