// Checked by `npm run lint`. The server's layers and module boundaries are ESLint zones (eslint.config.js); what
// ESLint cannot see is here: import cycles counted with type-only imports (a cycle through types is still a cycle a
// reader must untangle), and demo code reached only through import().
import { fileURLToPath } from 'node:url';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type imports included.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'demo-code-loaded-on-demand',
      severity: 'error',
      comment:
        'Demo code (apps/api/src/dev/) is loaded by import() where the demo is switched on, never statically.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/dev/' },
      to: { path: '^apps/api/src/dev/', dependencyTypesNot: ['dynamic-import'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // An absolute path: dependency-cruiser resolves the file's `extends` from the working directory otherwise.
    tsConfig: { fileName: fileURLToPath(new URL('apps/api/tsconfig.json', import.meta.url)) },
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
