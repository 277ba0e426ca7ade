import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ManifestTransform } from 'workbox-build';

export { CACHE_NAMES, SW_FILE } from './src/lib/offlineCaches';

/**
 * The modules whose chunks make the lecture-notes pages work offline: the entry (the app shell),
 * TanStack Query's layout, the student area, the lecture-notes screens, the lesson page (its own
 * root, outside the area's frame) and the PDF reader. Their static imports, styles
 * and assets (the pdf.js worker) come with them, as do the strings of the shell, the student area
 * and the public words in every language.
 */
const SHELL_ROOTS = [
  'index.html',
  'src/main.tsx',
  'src/app/providers/QueryLayout.tsx',
  'src/app/routes/student.tsx',
  'src/features/content/components/LectureNotesScreen.tsx',
  'src/app/routes/lesson.tsx',
  'src/features/content/components/PdfReader.tsx',
];
const CATALOGUES = /^src\/i18n\/messages\/(?:(?:shell|student|content)\/)?[a-z]{2}\.json$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** The files of the roots and of everything they import statically, by their built name. */
export function shellFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>(['index.html']);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of SHELL_ROOTS) visit(root);
  for (const key of Object.keys(manifest)) if (CATALOGUES.test(key)) visit(key);
  return files;
}

const MANIFEST = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));

/** Workbox's precache list cut down to the lecture-notes shell (the build's manifest says which). */
export const precachedEntries: ManifestTransform = (entries) => {
  if (!existsSync(MANIFEST)) return { manifest: entries, warnings: ['No build manifest: precaching all.'] };
  const keep = shellFiles(JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>);
  return {
    manifest: entries.filter((entry) => keep.has(entry.url.replace(/^\/?(portal\/)?/, ''))),
    warnings: [],
  };
};
