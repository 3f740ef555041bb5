// Jest 30 running a TypeScript suite that uses the mock through msw 2 or 3.
//
// msw 3 is ES modules only, and so are dependencies that msw 2 installs today, so the suite runs
// as ES modules: start Jest with `node --experimental-vm-modules` (package.json:
// "test": "node --experimental-vm-modules node_modules/jest/bin/jest.js"). That works on Node 22
// and 24. Under CommonJS, `require('msw/node')` fails with "Must use import to load ES Module",
// except on Node 24.9 or later, where Jest loads ES modules through require when that same flag is
// given.

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // Treat the TypeScript files as ES modules and strip their types with Babel (babel-jest comes
  // with Jest; add @babel/preset-typescript). ts-jest works as well: see the testing guide.
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['babel-jest', { presets: ['@babel/preset-typescript'] }] },
  // TypeScript's ES module imports name the emitted file (`./payouts.js`); Jest resolves sources.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
