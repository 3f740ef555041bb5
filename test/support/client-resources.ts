import { PaymentClient } from 'pix-payment-sdk';

/** The resources as the running client has them: property name → public method names. */
export function runtimeResources(): Map<string, string[]> {
  const instance = new PaymentClient({
    baseUrl: 'http://127.0.0.1:1',
    email: 'finance@merchant.example',
    password: 'not-used',
  });
  const resources = new Map<string, string[]>();
  for (const [name, value] of Object.entries(instance)) {
    if (typeof value !== 'object' || value === null) continue;
    const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(value)).filter(
      (key) => key !== 'constructor' && typeof value[key as keyof typeof value] === 'function',
    );
    resources.set(name, methods);
  }
  return resources;
}
