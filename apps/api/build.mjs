// Bundles the server into dist/server.js. npm packages stay external (installed in node_modules);
// the workspace's own TypeScript packages (@urembo/*) are bundled in.
import { build } from 'esbuild';

await build({
  // The demo seeder forks draw-demo-pictures.js (beside server.js) to draw its pictures outside the server's memory.
  entryPoints: {
    server: 'src/server.ts',
    // npm run backup / npm run restore
    backup: 'src/backup.ts',
    'draw-demo-pictures': 'src/dev/catalogue/draw-pictures.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Code loaded by import() (the demo in src/dev/) becomes chunks of its own beside server.js: a real shop's process
  // never loads them, and server.js holds none of it (test/production-bundle.test.ts checks).
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@urembo/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
