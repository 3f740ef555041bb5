// The rules that keep the two halves apart and the mock's layers in order, run by `npm run
// lint:deps` (part of `npm test`). `test/dependency-rules.test.ts` plants a violation of each rule
// in a scratch tree and expects this file to refuse it. docs/architecture.md draws the layers.

/** The client's modules the mock may import: the table of operations and what both halves run. */
const SEAM = '^src/seam/';
/** The client's public entry, which the mock imports by the package's name. */
const CLIENT_ENTRY = '^src/index[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycle anywhere, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-never-imports-mock',
      comment: 'The client (src/) ships without the mock; it never imports mock/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^mock/' },
    },
    {
      name: 'mock-reaches-client-through-seam',
      comment:
        'The mock imports client code only through src/seam/ and the package entry (`pix-payment-sdk`).',
      severity: 'error',
      from: { path: '^mock/' },
      to: { path: '^src/', pathNot: [SEAM, CLIENT_ENTRY] },
    },
    {
      name: 'seam-stays-a-seam',
      comment:
        'The seam imports nothing of the client but its models and the other seam modules, so what the mock reaches through it stays small.',
      severity: 'error',
      from: { path: SEAM },
      to: { path: '^src/', pathNot: [SEAM, '^src/models/'] },
    },
    {
      name: 'seam-names-models-by-type',
      comment:
        "The seam imports the client's models for their types only: the table of operations names schemas by the package's export names, so a mock build that bundles the seam carries no second copy of the models.",
      severity: 'error',
      from: { path: SEAM },
      to: { path: '^src/models/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'transports-stay-apart',
      comment:
        'A transport (mock/transports/<name>/) never imports another: each carries requests to the service on its own.',
      severity: 'error',
      from: { path: '^mock/transports/([^/]+)/' },
      to: { path: '^mock/transports/', pathNot: '^mock/transports/$1/' },
    },
    {
      name: 'service-knows-no-transport',
      comment:
        'The service (mock/service/) answers requests whichever transport brings them; it imports no transport.',
      severity: 'error',
      from: { path: '^mock/service/' },
      to: { path: '^mock/transports/' },
    },
    {
      name: 'service-knows-no-controls',
      comment:
        'The service (mock/service/) knows nothing of the controls that drive it: the composition root (mock/create.ts) plugs the control routes into the router.',
      severity: 'error',
      from: { path: '^mock/service/' },
      to: { path: '^mock/controls/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle of types is still a cycle to read.
    tsPreCompilationDeps: true,
    // Resolves `pix-payment-sdk` to src/index.ts as the type checker does.
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
