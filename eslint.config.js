import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { deepImportPatterns } from './apps/docs/features/feature-boundaries.mjs'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/out/**',
      '**/out-test/**',
      '**/dist/**',
      '**/test-results/**',
      '**/next-env.d.ts',
      '**/public/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Capabilities reach each other only through their public surface (features/feature-boundaries.mjs).
    // A file inside a capability imports its own modules by relative path.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: deepImportPatterns() }],
    },
  },
  {
    // A package never reaches into an app: what both need lives in a package.
    files: ['packages/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@/*'],
              message: 'A package may not import from apps/: move what both need into a package.',
            },
          ],
        },
      ],
    },
  },
)
