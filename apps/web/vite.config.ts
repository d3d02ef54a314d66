import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * main.tsx loads React and the app with import(), so that each runs in a task of its own; their files are still
 * fetched at once, not one after the other: this lists them (and what they import) as modulepreload links in
 * index.html, which the server also reads for its pages' boot script (apps/api/src/web/server-render.ts).
 */
function preloadStartChunks(): Plugin {
  return {
    name: 'urembo-preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { chunk, bundle }) {
        if (!chunk || !bundle) return html;
        const files: string[] = [];
        const visit = (file: string) => {
          const next = bundle[file];
          if (next?.type !== 'chunk' || files.includes(file) || file === chunk.fileName) return;
          files.push(file);
          next.imports.forEach(visit);
        };
        chunk.dynamicImports.forEach(visit);
        const tags = files
          .filter((file) => !chunk.imports.includes(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
        return { html, tags };
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadStartChunks()],
  build: {
    target: 'es2020',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks a first visit downloads (test/bundle-size.test.ts reads it).
    manifest: true,
    assetsInlineLimit: 2048,
    copyPublicDir: !isSsrBuild,
    rollupOptions: {
      // The server render's bundle (dist-ssr, entry-server.tsx) leaves the libraries to node_modules.
      output: isSsrBuild
        ? {}
        : {
            manualChunks(id) {
              // Libraries change rarely: long-cached chunks of their own, apart from the app's code.
              if (/node_modules\/(react|react-dom|scheduler|wouter|regexparam)\//.test(id)) return 'react';
              if (/node_modules\/@tanstack\//.test(id)) return 'query';
              if (/node_modules\/(react-hot-toast|goober)\//.test(id)) return 'toast';
              return undefined;
            },
          },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
