// ESLint flat config for the whole monorepo.
//
// Deliberately pragmatic: @eslint/js recommended + typescript-eslint recommended
// (syntactic rules only, no type information, so `eslint .` stays fast) and no stylistic
// rules (formatting is not linted). Module boundaries are enforced separately by
// dependency-cruiser (.dependency-cruiser.cjs), which `npm run lint` also runs.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const unusedVars = [
  'error',
  {
    args: 'after-used',
    argsIgnorePattern: '^_',
    varsIgnorePattern: '^_',
    destructuredArrayIgnorePattern: '^_',
    caughtErrors: 'none',
    ignoreRestSiblings: true,
  },
];

// Code that runs in the browser: the web app and the studio's game UIs.
const browserCode = ['apps/web/**', 'apps/studio/**'];
// ... except their tool config files and tests, which run in Node.
const nodeInBrowserApps = ['apps/*/*.config.{js,mjs,cjs,ts,mts}', 'apps/*/scripts/**', 'apps/*/test/**'];

export default defineConfig(
  globalIgnores([
    '**/node_modules/**',
    '**/dist/**',
    '**/coverage/**',
    '**/.test-tmp/**',
    'data/**',
    'apps/web/build/**',
    'apps/web/.react-router/**',
    'apps/server/drizzle/**',
    'apps/server/data/**',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
  },

  // Plain JavaScript (config files, scripts).
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    rules: {
      'no-unused-vars': unusedVars,
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },

  // All TypeScript.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // The TypeScript compiler already reports undefined names (and knows the lib/DOM types).
      'no-undef': 'off',
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': unusedVars,
      // Pragmatic relaxations for code written by many hands: these fire on legitimate code
      // (untyped JSON payloads, test doubles, declaration merging, `x!` after a check).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-namespace': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', minimumDescriptionLength: 3 },
      ],
      // `while (true)` worker loops, empty `catch {}` for best-effort cleanup.
      'no-constant-condition': ['error', { checkLoops: false }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Validation rules (phone, nickname ...) legitimately match control characters.
      'no-control-regex': 'off',
    },
  },

  // Globals: Node everywhere except the browser apps; browser globals for the browser apps.
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: browserCode,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: browserCode,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: nodeInBrowserApps,
    languageOptions: { globals: { ...globals.node } },
  },
  // Browser tests run in Node but pass callbacks to page.evaluate() that use DOM names.
  {
    files: ['tests/browser/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
