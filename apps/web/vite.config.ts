import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Compiles each message catalogue (src/i18n/messages/*.json) to react-intl's syntax tree at build
 * time, so the browser never needs the ICU message parser (about 8 KiB gzipped): it is swapped for
 * formatjs' parser-less build below.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'portal:precompiled-messages',
    enforce: 'pre',
    transform(source, id) {
      if (!/\/src\/i18n\/messages\/(?:[a-z]+\/)?[a-z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(source) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * The portal is served by the API process under /portal (apps/api serves dist/ with an index
 * fallback); `npm run dev` proxies /api to a locally running API.
 */
export default defineConfig({
  base: '/portal/',
  plugins: [precompiledMessages(), react()],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    manifest: true,
    rollupOptions: {
      // The contract package has no side effects: importing its constants must not pull in the
      // modules beside them (and zod with them). Its zod schemas are for the API, not the browser.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contracts/') },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
