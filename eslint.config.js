import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
    // The reference feature's public surface: `index.ts` (data and logic), `pages.ts` (the route's
    // page components), `rewrites.ts` (the static server's URL table) and `runner.ts` with
    // `run-result.css` (running an example on the engine and showing its result, which the guides'
    // Run buttons share). Anything deeper is free to change without touching another feature.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['apps/docs/features/reference/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/features/reference/*',
                '!**/features/reference/pages',
                '!**/features/reference/rewrites',
                '!**/features/reference/runner',
                '!**/features/reference/run-result.css',
                '../reference/*',
                '!../reference/pages',
                '!../reference/rewrites',
                '!../reference/runner',
                '!../reference/run-result.css',
              ],
              message:
                "Import the reference from '@/features/reference' (or '@/features/reference/pages' for its page components).",
            },
          ],
        },
      ],
    },
  },
)
