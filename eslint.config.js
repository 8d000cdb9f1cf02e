import { readdirSync } from 'node:fs';
import { globals, importX, js, reactHooks, tseslint } from '@v2mom/eslint-plugins';

const FEATURES = 'frontend/src/features';
const features = readdirSync(new URL(`./${FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The frontend's layers: imports flow components/lib -> features -> app, and a feature is a leaf
 * that never imports another one (a page in app/routes composes them).
 */
const layerZones = [
  {
    target: ['frontend/src/components', 'frontend/src/lib'],
    from: [FEATURES, 'frontend/src/app'],
    message: 'components/ and lib/ are shared layers: they import no feature and nothing from app/.',
  },
  {
    target: FEATURES,
    from: 'frontend/src/app',
    message: 'A feature imports nothing from app/: the page in app/routes passes what it needs.',
  },
  ...features.map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in a page under app/routes, or move the shared piece to components/ or lib/.',
  })),
];

/**
 * The backend's plumbing (connection, ORM config, migrations, read builder, Redis) imports no
 * module: the modules hand it their entities, subscribers and guards (modules/orm-model.ts), so
 * no import runs from db/ to a module and back.
 */
const backendZones = [
  {
    target: 'backend/src/db',
    from: 'backend/src/modules',
    message: 'db/ is plumbing and imports no module: take what it needs as a parameter, given by modules/orm-model.ts or the caller.',
  },
];

/**
 * One way to reach the data (docs/ARCHITECTURE.md, "Rules and where they are enforced"): typed Kysely for reads and
 * bulk statements (modules/read-db.ts), the unit of work for writes; no SQL written as a string
 * outside migrations, db/ plumbing and tests. A string the type check cannot see breaks silently
 * when a column is renamed. Where no typed form exists (a PostgreSQL operator or cast Kysely cannot
 * say), the line says so: `// eslint-disable-next-line local/no-raw-sql -- <why>`.
 */
const RAW_SQL = [
  ["CallExpression[callee.property.name='execute'][arguments.length>0]", 'a string sent with execute(…)'],
  ["CallExpression[callee.property.name='raw']", 'knex.raw, sql.raw or raw()'],
  ["TaggedTemplateExpression[tag.name='sql']", 'an sql`…` template'],
  ["TaggedTemplateExpression[tag.callee.name='sql']", 'an sql<T>`…` template'],
];
const localRules = {
  rules: {
    'no-raw-sql': {
      meta: { type: 'problem', docs: { description: 'SQL as a string outside migrations, db/ plumbing and tests' }, schema: [] },
      create: (context) =>
        Object.fromEntries(
          RAW_SQL.map(([selector, what]) => [
            selector,
            (node) => context.report({ node, message: `Raw SQL (${what}): build it with the typed builder (modules/read-db.ts) or the unit of work; where no typed form exists, disable with the reason.` }),
          ]),
        ),
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/', '**/node_modules/', '.tools/', '.data/', '**/test-results/', '**/playwright-report/'] },
  js.configs.recommended,
  // Syntax-only rules: the type-aware set took 70 s instead of 14 s over the repo on two cores,
  // and its types would come from TypeScript 6 rather than the compiler the repo builds with.
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused parameters keep a signature readable when prefixed with `_`; nothing else may be unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `interface Locals extends AppLocals {}` is how a library's global type is augmented.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // docs/PRODUCT.md#clock: a date rule reads "now" from the one clock of its end
    // (backend/src/server-clock.ts, frontend/src/lib/clock.ts) so tests and the date sweep can move it.
    // Elapsed time (Date.now(), performance.now()) is not a date and stays allowed.
    files: ['{contracts,backend,frontend}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'backend/src/server-clock.ts', 'frontend/src/lib/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read "now" from the clock: now() in the backend, clock.now() in the browser (docs/PRODUCT.md#clock).',
        },
      ],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/db/**', 'backend/src/test/**', 'backend/src/**/*.test.ts'],
    plugins: { local: localRules },
    rules: { 'local/no-raw-sql': 'error' },
  },
  {
    files: ['backend/src/db/**/*.ts'],
    // The entry points that open the database (db/*.cli.ts) and the tests that run it with the
    // application's model compose it, as app.ts does: they may name the model.
    ignores: ['backend/src/db/*.cli.ts', 'backend/src/db/**/*.test.ts'],
    plugins: { 'import-x': importX },
    // The backend's imports name the compiled .js of a .ts source.
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: backendZones }] },
  },
  {
    files: ['frontend/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
);
