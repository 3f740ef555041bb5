// Deno: mock.handlers loads msw on first use. Once loaded, msw keeps Deno's process alive, so this
// script ends it itself.
import { readHandlers } from './flow.mjs';

console.log(JSON.stringify({ handlers: readHandlers() }));
Deno.exit(0);
