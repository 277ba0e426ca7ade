import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * The web's unit tier: components and shell logic rendered in happy-dom with Testing Library, the
 * API answered by MSW at the network edge. The same Vite config as the build (the catalogues are
 * precompiled the same way), so what runs here is what the browser gets.
 */
export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      // The browser's tus client, as the build takes it (its package's `browser` field), not its Node one.
      resolve: {
        alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }],
      },
      test: {
        environment: 'happy-dom',
        // The portal is served under /portal: its cookies are scoped to that path.
        // A script the app adds (the early script's entry) counts as loaded, not as an error: no file is served here.
        environmentOptions: {
          happyDOM: {
            url: 'http://localhost:8080/portal/',
            settings: { handleDisabledFileLoadingAsSuccess: true },
          },
        },
        include: ['src/**/*.test.{ts,tsx}'],
        setupFiles: ['src/test/setup.ts'],
        reporters: ['default', 'json'],
        outputFile: { json: 'test-results/vitest.json' },
        // A worker runs file after file in one document, the libraries (React, MUI, MSW) imported once
        // per worker rather than once per file; the app's own modules are imported afresh by each file
        // (src/test/setup.ts resets them after a file), and every test leaves the document, storage and
        // cookies as it found them.
        isolate: false,
        restoreMocks: true,
        testTimeout: 30_000,
      },
    }),
  ),
);
