import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rollup';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { areaChunks } from './chunks.config';
import {
  earlyReadsElements,
  earlyReadsScript,
  earlyReadsSetup,
  type CodeFilesOf,
} from './src/app/earlyReads';
import { LOCALES } from './src/i18n/locales';
import { CACHE_NAMES, precachedEntries, SW_FILE } from './sw.config';

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
 * Marks the top-level declarations of the contract package pure for the browser build. Its modules
 * hold the API's zod schemas beside the constants the web imports (paths, limits, types' names);
 * Rollup cannot tell that a schema's `z.object(…)` has no side effect, so importing one constant kept
 * every schema of its module and zod itself (about 25 KiB over the wire on every signed-in page).
 * Each initializer that is not a plain value is wrapped in a pure-annotated call, which keeps its
 * meaning and lets an unused schema go. The package declares only values (no top-level statements).
 */
function pureContracts(): Plugin {
  const plain = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);
  return {
    name: 'portal:pure-contracts',
    transform(code, id) {
      if (!/\/packages\/contracts\/dist\/.*\.js$/.test(id)) return null;
      const program = this.parse(code) as unknown as {
        body: { type: string; declaration?: Declaration | null; declarations?: Declarator[] }[];
      };
      type Declarator = { init?: { type: string; start: number; end: number } | null };
      type Declaration = { type: string; declarations?: Declarator[] };
      const inits = program.body
        .map((node) => (node.type === 'ExportNamedDeclaration' ? node.declaration : node))
        .filter((node): node is Declaration => node?.type === 'VariableDeclaration')
        .flatMap((node) => node.declarations ?? [])
        .map((declarator) => declarator.init)
        .filter((init) => init && !plain.has(init.type))
        .sort((a, b) => b!.start - a!.start);
      let out = code;
      for (const init of inits) {
        const { start, end } = init!;
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * MUI's `createTheme` and `ThemeProvider` each import the CSS-variables theme and provider (colour
 * schemes, the colour-scheme script and storage: about 6 KiB over the wire on every page), which
 * they only use when a theme asks for `cssVariables` or `colorSchemes`. The portal's themes never do
 * (app/providers/theme.ts builds a plain light or dark palette), so the build gives those two modules
 * their plain-theme branch only, which is what MUI runs for such a theme; a theme that asks for CSS
 * variables fails loudly instead.
 */
function plainMuiThemes(): Plugin {
  const refusal = JSON.stringify(
    "The portal build leaves out MUI's CSS-variables themes (vite.config.ts, plainMuiThemes).",
  );
  const modules: Record<string, string> = {
    '/@mui/material/styles/createTheme.mjs': `
import createThemeNoVars from "./createThemeNoVars.mjs";
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error(${refusal});
  return createThemeNoVars(options, ...args);
}`,
    '/@mui/material/styles/ThemeProvider.mjs': `
import * as React from 'react';
import ThemeProviderNoVars from "./ThemeProviderNoVars.mjs";
import THEME_ID from "./identifier.mjs";
import { jsx as _jsx } from "react/jsx-runtime";
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error(${refusal});
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}`,
  };
  return {
    name: 'portal:plain-mui-themes',
    enforce: 'pre',
    load(id) {
      const file = Object.keys(modules).find((suffix) =>
        id.split('?')[0]!.endsWith(`/node_modules${suffix}`),
      );
      return file ? modules[file] : null;
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
 * Minifies the browser's code with Terser rather than esbuild's minifier: 4.3 KiB (Brotli) less in
 * the entry and 0.5 KiB less in the signed-in areas' frame, on every page. Not the prerendering
 * build (src/prerender.tsx), which runs in Node at build time and is left unminified.
 */
function terserForTheBrowser(): Plugin {
  return {
    name: 'portal:terser-for-the-browser',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({
      build: {
        minify: 'terser',
        terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
      },
    }),
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
 * Writes the early reads' script into index.html's head, after the entry (src/app/earlyReads.ts),
 * between markers: the prerendered public pages, built from index.html, leave it out (scripts/prerender.mjs).
 * In a build it names the files of each page's declared code: the file holding each module and the
 * files it imports (the entry excepted: the document loads it anyway), and each catalogue's file per
 * language. A declared module or catalogue the bundle lacks fails the build.
 */
function earlyReads(): Plugin {
  let base = '/';
  return {
    name: 'portal:early-reads',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const filesOf = bundle ? codeFilesIn(bundle) : undefined;
        const setup = earlyReadsSetup(undefined, filesOf, base);
        const { code } = await transformWithEsbuild(earlyReadsScript(), 'early-reads.js', { minify: true });
        // After the entry's tag, at the end of the head: the entry (a module, run once the document is
        // parsed, after this script) is asked for first, not queued behind the page's reads and files on
        // HTTP/1.1's six connections (a throttled first visit of the lecture notes: its 125 KiB started
        // after twenty preloads and ended 2.1 s later).
        return html.replace(
          '</head>',
          `  <!--early-reads-->${earlyReadsElements(setup, code.trim())}<!--/early-reads-->\n  </head>`,
        );
      },
    },
  };
}

/** The files of declared code in this bundle (earlyReads above). */
function codeFilesIn(bundle: OutputBundle): CodeFilesOf {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkHolding = (source: string) => {
    const suffix = `/src/${source}`;
    const chunk = chunks.find((c) => c.moduleIds.some((id) => id.split('?')[0]!.endsWith(suffix)));
    if (!chunk)
      throw new Error(`Early reads: no file of the build holds src/${source} (src/app/earlyReads.ts)`);
    return chunk;
  };
  const withImports = (chunk: OutputChunk, into: Set<string>) => {
    if (chunk.isEntry || into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const name of chunk.imports) withImports(byName.get(name)!, into);
  };
  return ({ code = [], catalogues = [] }, withMainCatalogue) => {
    const files = new Set<string>();
    for (const source of code) withImports(chunkHolding(source), files);
    const catalogueFiles = (locale: string) => {
      const sources = catalogues.map((namespace) => `i18n/messages/${namespace}/${locale}.json`);
      if (withMainCatalogue) sources.unshift(`i18n/messages/${locale}.json`);
      return sources.map((source) => chunkHolding(source).fileName);
    };
    return {
      code: [...files],
      catalogues: Object.fromEntries(LOCALES.map((locale) => [locale, catalogueFiles(locale)])),
    };
  };
}

/**
 * The portal is served by the API process under /portal (apps/api serves dist/ with an index
 * fallback); `npm run dev` proxies /api to a locally running API.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/portal/',
  plugins: [
    precompiledMessages(),
    pureContracts(),
    plainMuiThemes(),
    react(),
    inlineFavicon(),
    earlyReads(),
    precompressedAssets(),
    terserForTheBrowser(),
    /*
     * The service worker (Workbox, generated): it keeps the lecture-notes pages working offline for a
     * student who has opened them. Registered only by those pages (src/lib/serviceWorker.ts), never in
     * development. It precaches only the app shell those pages need (the entry and the lecture-notes
     * chunks, read from the build's manifest: not the whole app, which a student pays for by the
     * megabyte), and caches at run time only what the student opened: the documents (CacheFirst,
     * expiring, ranges served from the cached copy) and the lists of their courses' contents
     * (NetworkFirst). Nothing else of the API goes through it.
     */
    VitePWA({
      injectRegister: false,
      manifest: false,
      filename: SW_FILE,
      strategies: 'generateSW',
      workbox: {
        // The build's hashed files are found by globbing; the transform keeps the shell's only.
        globPatterns: ['index.html', 'assets/*.{js,css,mjs}'],
        manifestTransforms: [precachedEntries],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        cacheId: 'portal',
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // No navigation answered from the precache but by the route below (the plugin's default
        // would answer every page of the portal with the shell).
        navigateFallback: null,
        runtimeCaching: [
          {
            // The lecture-notes pages: online, the server's rendered document (ADR 17), never kept
            // (it holds the student's data); offline, the precached shell, which reads the kept
            // lists. Every other page is not the worker's concern.
            urlPattern: ({ request, url, sameOrigin }) =>
              sameOrigin &&
              request.mode === 'navigate' &&
              /^\/portal\/student\/lecturenote(?:\/|$)/i.test(url.pathname),
            handler: 'NetworkOnly',
            options: {
              precacheFallback: { fallbackURL: '/portal/index.html' },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/student\/content\/items\/\d+\/file$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: CACHE_NAMES.documents,
              // Keyed by the path: a file's link is signed afresh in every answer (?u&exp&sig).
              matchOptions: { ignoreSearch: true },
              rangeRequests: true,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 40, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/student\/content(?:\/\d+(?:\/\d+)?)?$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: CACHE_NAMES.lists,
              networkTimeoutSeconds: 10,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 30, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
          {
            // A chunk of another page the student opened while online (another language's strings).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/portal/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: CACHE_NAMES.assets,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
        ],
      },
    }),
  ],
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
      // The code a page loads before its screen in a few files rather than fifty (chunks.config.ts).
      output: { manualChunks: areaChunks() },
    },
  },
  // The server's build (the public pages prerendered at build time, the student's pages rendered by the
  // API at run time: ADR 17) runs in Node: one self-contained file, with React, MUI and Emotion as the
  // browser runs them (no development checks), whatever NODE_ENV the process runs with.
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
}));
