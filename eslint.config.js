// `npm run lint`: the folder boundaries of the pipeline (docs/architecture.md, "Dependency rules") checked on
// every import, plus typescript-eslint's syntax-only recommended rules (no type information, so the whole
// repository lints in seconds). Import cycles are checked by scripts/import-cycles.mjs, run after this.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** An import path (relative or bare) that reaches into one of the given top-level folders or packages. */
const into = (...parts) => `(^|/)(${parts.join('|')})(/|$)`
const restrict = (...patterns) => ['error', { patterns: patterns.map(([regex, message]) => ({ regex, message })) }]

const NOT_SERVICE = [into('src', 'plugins', 'pool'), 'renderers never import the service (src/), plugins/ or pool/: they get everything in the task']
const PDFKIT = ['^pdfkit(/|$)|^svg-to-pdfkit(/|$)', 'only renderers/pdf imports pdfkit']
const PAINTER_LIBS = ['^(pdfkit|svg-to-pdfkit|@resvg/resvg-js|sharp)(/|$)', 'renderers/layout draws nothing: no pdfkit, resvg or sharp']
const painter = (name) => [`(^(\\.\\./)+|/renderers/)${name}/`, `painters do not import each other (${name}/): share through renderers/layout`]

// Painters paint the finished document the composition stage hands them (renderers/pipeline/finished-document.ts):
// they fill in no template, style no document, load nothing and lay nothing out. Types from those folders are
// fine (a painter reads the styled tree and the fragments); values are not. Paint geometry shared by both
// painters (background-geometry, border-shade, fit-radii, …) stays importable from layout/.
const STAGE = 'painters paint the finished document (renderers/pipeline/finished-document.ts): the composition stage'
const PAINTS_ONLY = ['error', {
  patterns: [
    [`^(\\.\\./)+template/`, `${STAGE} fills in the template`],
    [`^(\\.\\./)+document/(?!whitespace\\.js$)`, `${STAGE} styles the document`],
    [`^(\\.\\./)+layout/(layout-[a-z-]+|build-boxes|display-list|paged/[a-z-]+)\\.js$`, `${STAGE} lays the document out`],
    [`^(\\.\\./)+(resources/(index|load-[a-z-]+)|fonts/(load-document-fonts|document-font-store|operator-fonts))\\.js$`, `${STAGE} loads images and fonts`],
    [`^(\\.\\./)+(pipeline/(?!finished-document\\.js$)|render\\.js$)`, `${STAGE} runs before the painter, never from it`],
  ].map(([regex, message]) => ({ regex, message, allowTypeImports: true })),
}]

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'web/dist/**', 'web/public/**', '**/*.d.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setImmediate: 'readonly', performance: 'readonly', fetch: 'readonly' } },
    rules: {
      // Existing style: `catch (e) {}` on purpose, `any` at the edges of untyped packages, unused args named.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  { files: ['renderers/**/*.ts'], rules: { 'no-restricted-imports': restrict(NOT_SERVICE, PDFKIT) } },
  { files: ['renderers/layout/**/*.ts'], rules: { 'no-restricted-imports': restrict(NOT_SERVICE, PAINTER_LIBS, ...['pdf', 'image', 'txt', 'docx'].map((p) => [`^(\\.\\./)+${p}/`, 'renderers/layout imports no painter (pdf/, image/, txt/, docx/)'])) } },
  { files: ['renderers/pdf/**/*.ts'], rules: { 'no-restricted-imports': restrict(NOT_SERVICE, painter('image'), painter('txt'), painter('docx')) } },
  { files: ['renderers/image/**/*.ts'], rules: { 'no-restricted-imports': restrict(NOT_SERVICE, PDFKIT, painter('pdf'), painter('txt'), painter('docx')) } },
  { files: ['renderers/txt/**/*.ts'], rules: { 'no-restricted-imports': restrict(NOT_SERVICE, PDFKIT, painter('pdf'), painter('image'), painter('docx')) } },
  { files: ['renderers/docx/**/*.ts'], rules: { 'no-restricted-imports': restrict(NOT_SERVICE, PDFKIT, painter('pdf'), painter('image'), painter('txt')) } },
  { files: ['renderers/{pdf,image,txt,docx}/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': PAINTS_ONLY } },
)
