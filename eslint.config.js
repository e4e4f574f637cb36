// ESLint for every workspace: typescript-eslint's recommended rules, plus the import directions that
// keep the layers apart (docs/architecture.md, "Layers and import directions"):
//   packages/*  never import server, web or e2e;
//   web         imports only @chartroom/contracts of the workspace packages;
//   features    use another feature's `api/` (its server data) and nothing else of it; only the
//               composition areas (app/, and the cabinets listed below) mount other features' components;
//   nothing     imports in a circle: scripts/check-cycles.mjs, run by `npm run lint` (type-only imports
//               included). eslint-plugin-import-x is not used: its native resolver's platform packages
//               are not all published to the registry these machines reach, so `npm ci` refused the lock.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const tsFiles = ['**/*.{ts,tsx,mts,cts}'];

/**
 * Anything of another feature but its api/, seen from a file `depth` folders below its feature's
 * root (0: web/src/features/<a>/x.ts, 1: web/src/features/<a>/components/x.tsx, …): the path climbs
 * exactly to web/src/features/ and goes down into a feature anywhere but api/ (its root too).
 */
const otherFeatureInternals = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}(?!\\.)[^/]+(/(?!api(/|$)).*)?$`,
  message:
    "A feature uses another feature's api/ only. Shared pieces go to components/ui or lib; a screen that composes several features belongs to app/ or a cabinet (docs/architecture.md).",
});
/** The depths of feature files the rule holds (the deepest file today is at depth 1). */
const featureDepths = [0, 1, 2, 3, 4];

/** Of the workspace packages the web app imports only the contracts. */
const webPackages = {
  group: ['@chartroom/*', '!@chartroom/contracts', '!@chartroom/contracts/*'],
  message: 'The web app imports only @chartroom/contracts of the workspace packages.',
};

// Relative paths that climb out of a workspace into one it may not use.
const packagesReach = {
  regex: '^(\\.\\./)+(server|web|e2e)/',
  message: 'The format packages know nothing of the portal.',
};
const webReach = {
  regex: '^(\\.\\./)+(server|e2e|packages/(iso8211|s57|s63|s101|s102|s100))/',
  message: 'The web app imports only packages/contracts of the workspace.',
};
const serverReach = {
  regex: '^(\\.\\./)+(web|e2e)/',
  message: 'The server does not import the web app or the browser journeys.',
};

/**
 * Routes, services, jobs and plugins reach the database through repositories (`*.repository.ts`,
 * the predicates of `*-policy.ts`, `db/`, and the data layers of `lib/` and `jobs/`): they may use
 * drizzle's and the schema's types, never build a query themselves.
 */
const queryBuilders = [
  { name: 'drizzle-orm', allowTypeImports: true, message: 'Queries live in repositories: call one (docs/architecture.md, "Layers").' },
  { name: 'drizzle-orm/pg-core', allowTypeImports: true, message: 'Queries live in repositories: call one.' },
];
const schemaTables = {
  regex: '^(\\.\\./)+db/schema(/index)?\\.js$',
  allowTypeImports: true,
  message: 'Tables are queried in repositories only; import their row types with `import type`.',
};

/** What the format packages and the contracts may never import. */
const portalPackages = {
  group: ['@chartroom/server', '@chartroom/server/*', '@chartroom/web', '@chartroom/web/*', '@chartroom/e2e', '@chartroom/e2e/*'],
  message: 'The format packages know nothing of the portal.',
};
const formatReaders = {
  regex: '^(@chartroom/(iso8211|s57|s63|s101|s102|s100)(/.*)?|(\\.\\./)+(iso8211|s57|s63|s101|s102|s100)/.*)$',
  message: 'Contracts stay free of the format readers (the web app imports them).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'server/src/db/migrations/**',
      'bench/results/**',
      'e2e/screenshots/**',
      'web/public/**',
      // Generated tables from the S-57 object catalogue (scripts/ in that package).
      'packages/s57/src/s57/object-classes-data.ts',
      'packages/s57/src/s57/attributes-data.ts',
    ],
  },
  { files: tsFiles, extends: [js.configs.recommended, tseslint.configs.recommended] },
  {
    files: tsFiles,
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverReach] }] },
  },
  {
    files: ['server/src/**/*.routes.ts', 'server/src/**/*.service.ts', 'server/src/**/*.job.ts', 'server/src/plugins/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: queryBuilders, patterns: [serverReach, schemaTables] }] },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [portalPackages, packagesReach] }] },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [portalPackages, packagesReach, formatReaders] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webPackages, webReach] }],
    },
  },
  // The web app's hooks (rules-of-hooks, exhaustive-deps) and accessibility (jsx-a11y's recommended
  // set). eslint-plugin-react-hooks stays on 5.x: 6 and later add the React Compiler's diagnostics to
  // `recommended`, and the app does not build with the compiler. A rule turned off here, or disabled on
  // a line, carries its reason beside it.
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs['recommended-latest'], jsxA11y.flatConfigs.recommended],
    // Mantine's components checked as the elements they render (an Anchor as an `a`, a TextInput as
    // an `input`, …); `component="…"` names the element where a component renders another.
    settings: {
      'jsx-a11y': {
        polymorphicPropName: 'component',
        components: {
          Anchor: 'a',
          Button: 'button',
          ActionIcon: 'button',
          UnstyledButton: 'button',
          CloseButton: 'button',
          Image: 'img',
          TextInput: 'input',
          PasswordInput: 'input',
          NumberInput: 'input',
          Textarea: 'textarea',
          NativeSelect: 'select',
        },
      },
    },
    rules: {
      // An error, not the preset's warning: `npm run lint` passes with warnings, so a missing
      // dependency would land unnoticed.
      'react-hooks/exhaustive-deps': 'error',
      // Checked on DOM elements only: `role` on the app's own components (RequireRole,
      // MissingRoleRedirect) is the user's portal role, not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // React Router's Link (also as `<Anchor component={Link}>`) takes its address in `to`, and
      // renders it as the anchor's href.
      'jsx-a11y/anchor-is-valid': ['error', { specialLink: ['to'] }],
    },
  },
  // One block per depth of a feature's files, since the climb to web/src/features/ is as long as
  // the file is deep: a file at a feature's root reaches a sibling with one `../`, one in
  // components/ with two.
  ...featureDepths.map((depth) => ({
    files: [`web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    // The cabinets compose other features' screens (their tabs), as app/ does for routes.
    ignores: ['web/src/features/provider-cabinet/**', 'web/src/features/distributor/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webPackages, webReach, otherFeatureInternals(depth)] }],
    },
  })),
  {
    // The POI editor places its points on the chart map: the one map component of the web app
    // (issue 12) is chart-map's ChartMap with its view helpers, which the editor mounts directly.
    // My charts draws the user's coverage and a checked route on the same map, as its overlays.
    files: [
      'web/src/features/poi/components/poi-editor.tsx',
      'web/src/features/my-charts/components/coverage-map.tsx',
      'web/src/features/my-charts/lib/coverage.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [webPackages, webReach] }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**'],
    rules: {
      // Tests reach into fixtures and internals on purpose.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
