// @ts-check
const eslint = require('@eslint/js');
const tseslint = require('typescript-eslint');
const angular = require('angular-eslint');

module.exports = tseslint.config(
  {ignores: ['dist/**', 'out-tsc/**', '.angular/**', 'node_modules/**', 'e2e/screenshots/**']},
  {
    files: ['projects/**/*.ts'],
    extends: [
      eslint.configs.recommended,
      ...tseslint.configs.recommended,
      ...angular.configs.tsRecommended,
    ],
    processor: angular.processInlineTemplates,
    rules: {
      '@angular-eslint/directive-selector': ['error', {type: 'attribute', prefix: ['kit', 'demo'], style: 'camelCase'}],
      '@angular-eslint/component-selector': ['error', {type: 'element', prefix: ['kit', 'demo'], style: 'kebab-case'}],
      '@angular-eslint/no-output-on-prefix': 'off',
      '@angular-eslint/no-input-rename': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_'}],
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  {
    files: ['projects/**/*.spec.ts'],
    rules: {'@typescript-eslint/no-non-null-assertion': 'off'},
  },
  {
    files: ['projects/**/*.html'],
    extends: [...angular.configs.templateRecommended, ...angular.configs.templateAccessibility],
  },
);
