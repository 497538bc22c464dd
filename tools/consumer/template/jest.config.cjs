// Jest as an app sets it up: jest-preset-angular, zoneless. No moduleNameMapper for the kit: `kit-chat-uikit-angular`
// and `kit-chat-uikit-angular/testing` resolve from node_modules through the package's `exports`. The same spec
// files run under Vitest with `ng test standalone-app` (the CLI's default runner).
/** @type {import('jest').Config} */
module.exports = {
  preset: 'jest-preset-angular',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/projects/standalone-app'],
  setupFilesAfterEnv: ['<rootDir>/setup-jest.ts'],
  transform: {
    '^.+\\.(ts|js|mjs|html|svg)$': [
      'jest-preset-angular',
      {tsconfig: '<rootDir>/tsconfig.spec.json', stringifyContentPathRegex: '\\.(html|svg)$'},
    ],
  },
};
