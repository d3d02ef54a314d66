import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
