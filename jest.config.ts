import type {Config} from 'jest';

const config: Config = {
  preset: 'jest-preset-angular',
  roots: ['<rootDir>/projects'],
  setupFilesAfterEnv: ['<rootDir>/setup-jest.ts'],
  testEnvironment: 'jsdom',
  // CI runs Jest beside the SIP browser tests and the consumer check on two cores: the first test of a file, which
  // pays for compiling its templates, took over the default 5 s there. A time-out is no timing assertion (timings
  // are the benchmark's); specs that wait on real time set their own.
  testTimeout: 20_000,
  reporters: ['default', '<rootDir>/tools/jest-summary-reporter.cjs'],
  moduleNameMapper: {
    '^kit-chat-uikit-angular$': '<rootDir>/projects/kit-chat-uikit-angular/src/public-api.ts',
    '^kit-chat-uikit-angular/testing$':
      '<rootDir>/projects/kit-chat-uikit-angular/testing/public-api.ts',
    '^kit-chat-uikit-angular/in-memory$':
      '<rootDir>/projects/kit-chat-uikit-angular/in-memory/public-api.ts',
    '^kit-chat-uikit-angular/sip$': '<rootDir>/projects/kit-chat-uikit-angular/sip/public-api.ts',
    '^kit-chat-uikit-angular/push$': '<rootDir>/projects/kit-chat-uikit-angular/push/public-api.ts',
    '^kit-chat-uikit-angular/call-log$':
      '<rootDir>/projects/kit-chat-uikit-angular/call-log/public-api.ts',
    '^kit-chat-uikit-angular/group$':
      '<rootDir>/projects/kit-chat-uikit-angular/group/public-api.ts',
    '^kit-chat-uikit-angular/i18n$': '<rootDir>/projects/kit-chat-uikit-angular/i18n/public-api.ts',
    '^kit-chat-uikit-angular/i18n/language-pack$':
      '<rootDir>/projects/kit-chat-uikit-angular/i18n/language-pack/language-pack.ts',
    '^kit-chat-uikit-angular/i18n/(.+)$':
      '<rootDir>/projects/kit-chat-uikit-angular/i18n/$1/pack.ts',
  },
  transform: {
    '^.+\\.(ts|js|mjs|html|svg)$': [
      'jest-preset-angular',
      {tsconfig: '<rootDir>/tsconfig.spec.json', stringifyContentPathRegex: '\\.(html|svg)$'},
    ],
  },
};

export default config;
