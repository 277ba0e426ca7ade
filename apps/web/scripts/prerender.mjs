// Writes dist/prerendered/<page>.html for each prerendered public page (src/prerender.tsx, built
// to dist-ssr/ by `vite build --ssr`), from the client build's dist/index.html: the page's markup in
// #root, its styles in <head>, its title, and a preload of the English strings that hydration needs.
// The server sends these for their routes (apps/api/src/app.ts), index.html for every other route.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { prerenderedPageScript } from './prerendered-page-script.mjs';

// React and Emotion as the browser runs them (no development checks or labels in class names).
process.env.NODE_ENV = 'production';
const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');
const { render, escapeHtml, PRERENDERED_PAGES, PRERENDERED_PATHS } = await import(
  pathToFileURL(path.join(web, 'dist-ssr/prerender.js')).href
);
// Without the signed-in pages' early reads (vite.config.ts): no one is signed in on these pages.
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8').replace(
  /\n\s*<!--early-reads-->[\s\S]*?<!--\/early-reads-->/,
  '',
);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const english = manifest['src/i18n/messages/en.json'];
if (!english) throw new Error('The English catalogue is not in the build manifest.');

const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
if (!entry) throw new Error('No entry script in index.html.');

/** A chunk's file and those of its static imports, by manifest key. */
function chunkFiles(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest.`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, files);
  return files;
}
const entryFiles = chunkFiles(Object.keys(manifest).find((key) => manifest[key].isEntry));
/** What a page's hydration needs besides the entry: the English strings and the page's own chunks. */
const preloads = (page) => [
  english.file,
  ...[...chunkFiles(PRERENDERED_PAGES[page])].filter((file) => !entryFiles.has(file)),
];

mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const page of PRERENDERED_PATHS) {
  const { markup, styles, title } = await render(page);
  if (!title) throw new Error(`${page} set no title while prerendering.`);
  const document = shell
    // The page paints without its script, which only hydrates it: the HTML comes first, and the
    // script (with the English strings) is fetched only once the page has painted, so on a slow
    // link it never competes with the page for bandwidth.
    .replace(entry[0], '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${prerenderedPageScript(preloads(page), entry[1])}${styles}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${page}">${markup}</div>`);
  if (!document.includes(`data-prerendered="${page}"`))
    throw new Error('No <div id="root"></div> in index.html.');
  const name = page === '/' ? 'index' : page.slice(1).toLowerCase();
  const file = path.join(dist, 'prerendered', `${name}.html`);
  writeFileSync(file, document);
  writeFileSync(`${file}.gz`, gzipSync(document, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(document, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  console.log(`prerendered ${page} → dist/prerendered/${name}.html (${document.length} bytes)`);
}
