import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The web app is layered, and imports only go down: app/ (router, route pages, layout) -> features/* ->
 * entities/* -> shared code (components, lib, hooks, i18n, test, @ray/shared). A feature never imports another
 * feature: what two features need moves down into an entity or shared code, and pages that join features live
 * in app/routes. These blocks enforce that. A later block's `no-restricted-imports` replaces an earlier one's
 * options instead of adding to them, so every block repeats the restrictions of the whole app.
 */
const webRestrictedPaths = [
  {
    name: '@ray/shared/server-messages.ar',
    message: 'Copy only the server sends: the browser shows it from the answer, never from its bundle.',
  },
];

const WEB_SRC = 'apps/web/src';
const noAppImports = {
  group: ['@/app', '@/app/*'],
  message: 'app/ composes the layers below it; nothing below imports it back.',
};

/** Which entities each entity is built on; any other import between entities is an error. */
const ENTITY_DEPENDENCIES = { hashtag: ['post'], user: ['post'] };

const subfolders = (layer) =>
  readdirSync(new URL(`${WEB_SRC}/${layer}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Folder levels inside a slice that the relative-path rule covers (features/posts/components/composer is 2). */
const SLICE_DEPTHS = [0, 1, 2, 3, 4];

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { paths: webRestrictedPaths, patterns }],
});

/**
 * Blocks for one slice (a feature or entity folder): `patterns`, plus no relative path out of the slice, where
 * the layer rules could not see it. Made per folder depth: from <slice>/a/b/file, `../../../` is the first
 * relative path that leaves.
 */
const sliceBlocks = (folder, patterns) =>
  SLICE_DEPTHS.map((depth) => ({
    files: [`${WEB_SRC}/${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: restrict([
      ...patterns,
      {
        group: [`${'../'.repeat(depth + 1)}*`],
        message: `Leave ${folder} through \`@/…\`, not a relative path.`,
      },
    ]),
  }));

/** The layer rules of the web app, one set of blocks per feature and entity folder. */
function webLayerBlocks() {
  return [
    // Each feature may import its own folder and no other feature's.
    ...subfolders('features').flatMap((feature) =>
      sliceBlocks(`features/${feature}`, [
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
          message:
            'A feature imports no other feature: move the shared piece to entities/ or components/, or join the features in a page under app/routes.',
        },
        noAppImports,
      ]),
    ),
    // An entity imports only the entities it is built on (ENTITY_DEPENDENCIES), which keeps them free of cycles.
    ...subfolders('entities').flatMap((entity) => {
      const allowed = [entity, ...(ENTITY_DEPENDENCIES[entity] ?? [])];
      return sliceBlocks(`entities/${entity}`, [
        { group: ['@/features', '@/features/*'], message: 'Entities sit below features and import none.' },
        noAppImports,
        {
          group: [
            '@/entities/*',
            ...allowed.flatMap((name) => [`!@/entities/${name}`, `!@/entities/${name}/**`]),
          ],
          message: `entities/${entity} may import only entities/${allowed.join(', entities/')} (ENTITY_DEPENDENCIES).`,
        },
      ]);
    }),
    {
      files: ['components', 'lib', 'hooks', 'i18n', 'test'].map(
        (folder) => `${WEB_SRC}/${folder}/**/*.{ts,tsx}`,
      ),
      rules: restrict([
        {
          group: ['@/features', '@/features/*', '@/entities', '@/entities/*'],
          message: 'Shared code sits at the bottom and knows no entity or feature.',
        },
        noAppImports,
      ]),
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '.data-*/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.ts', '*.js', 'e2e/support/*.mjs', 'bench/*.mjs'],
          defaultProject: './tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Template literals with numbers are the normal way to build Arabic messages and URLs.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify route handlers and plugins are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // Drizzle and zod inferred types make some non-null assertions after explicit checks clearer than guards.
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: webRestrictedPaths }],
    },
  },
  ...webLayerBlocks(),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['bench/**', 'e2e/**', '**/*.test.ts', 'apps/server/src/db/*-cli.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
