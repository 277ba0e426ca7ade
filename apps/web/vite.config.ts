import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset, compressed once at the
 * highest levels, for the server to send to browsers that accept them (@fastify/static's
 * `preCompressed`): what a phone on a slow network downloads is then the compressed size.
 */
function precompressedAssets(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompressed-assets',
    // Not for the prerendering build (src/prerender.tsx), which only runs at build time.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (fileName.startsWith('.vite/') || !/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Puts the favicon into index.html as a data URL: a page then needs no request for it, neither
 * on a first visit nor on a repeat one (where a non-hashed file would be revalidated: a round trip
 * on a slow network). public/favicon.svg stays for the area shell's logo.
 */
function inlineFavicon(): Plugin {
  let root = '';
  return {
    name: 'portal:inline-favicon',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml(html) {
      const svg = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8').trim();
      const dataUrl = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      return html.replace('href="/portal/favicon.svg"', `href="${dataUrl}"`);
    },
  };
}

/**
 * The portal is served by the API process under /portal (apps/api serves dist/ with an index
 * fallback); `npm run dev` proxies /api to a locally running API.
 */
export default defineConfig({
  base: '/portal/',
  plugins: [precompiledMessages(), react(), inlineFavicon(), precompressedAssets()],
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
  // The prerendering build runs in Node at build time: one self-contained file.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
