import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * ESLint rule `house/no-module-cycle`: an import from one API module into another
 * (apps/api/src/modules/<name>/) is refused when the other module already reaches back to the
 * first, through any chain of imports. The graph is of modules, not files: two modules that import
 * each other through different files are a cycle too, which a per-file cycle check would miss.
 *
 * The graph is read from the files on disk, except the file being linted, whose imports are taken
 * from the text ESLint holds (so an editor, or a test on planted source, sees the change at once).
 * Tests (*.test.ts, test-support.ts) are not part of the graph: they may import any module.
 */

const IMPORT_SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || /(?:^|\/)test-support\.[jt]s$/.test(file);

/** `<modulesDir>/<name>/…` → `name`; a file directly in modulesDir (the registry of modules) → null. */
function moduleOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** The modules other than its own that a file at `file` imports, given its relative specifiers. */
function modulesImported(modulesDir, file, specifiers) {
  const own = moduleOf(modulesDir, file);
  const targets = new Map();
  for (const { specifier, node } of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const target = moduleOf(modulesDir, path.resolve(path.dirname(file), specifier));
    if (target && target !== own && !targets.has(target)) targets.set(target, node);
  }
  return targets;
}

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.[cm]?[jt]sx?$/.test(entry.name) && !isTestFile(full)) files.push(full);
  }
  return files;
}

/** A file's imported modules as last read, by its modification time: a lint run reads each file once. */
const readCache = new Map();

/** module → (file → modules it imports), read from disk. */
function graphOnDisk(modulesDir) {
  const graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const own = moduleOf(modulesDir, file);
    if (!own) continue;
    const mtime = statSync(file).mtimeMs;
    let cached = readCache.get(file);
    if (!cached || cached.mtime !== mtime) {
      const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)].map((m) => ({
        specifier: m[1] ?? m[2],
        node: null,
      }));
      cached = { mtime, modules: new Set(modulesImported(modulesDir, file, specifiers).keys()) };
      readCache.set(file, cached);
    }
    if (!graph.has(own)) graph.set(own, new Map());
    graph.get(own).set(file, cached.modules);
  }
  return graph;
}

/** A path of modules from `from` to `to` (both included), or null. */
function pathBetween(edgesOf, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const current = queue.shift();
    if (current === to) {
      const chain = [];
      for (let step = to; step !== null; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of edgesOf(current)) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses an import between API modules that closes a cycle of modules.' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "Module '{{from}}' imports '{{to}}', which already reaches back to it ({{chain}}): a cycle between modules. Move what both need down (platform/, or a service of the lower module) or let the higher module register into a port of the lower one.",
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.options[0].modulesDir);
    const file = path.resolve(context.filename);
    const own = moduleOf(modulesDir, file);
    if (!own || isTestFile(file)) return {};
    const specifiers = [];
    const collect = (node) => {
      if (node.source && typeof node.source.value === 'string')
        specifiers.push({ specifier: node.source.value, node: node.source });
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        const imported = modulesImported(modulesDir, file, specifiers);
        if (imported.size === 0) return;
        const graph = graphOnDisk(modulesDir);
        if (!graph.has(own)) graph.set(own, new Map());
        graph.get(own).set(file, new Set(imported.keys()));
        const edgesOf = (module) => {
          const targets = new Set();
          for (const modules of graph.get(module)?.values() ?? []) for (const m of modules) targets.add(m);
          return targets;
        };
        for (const [target, node] of imported) {
          const back = pathBetween(edgesOf, target, own);
          if (back)
            context.report({
              node,
              messageId: 'cycle',
              data: { from: own, to: target, chain: [own, ...back].join(' → ') },
            });
        }
      },
    };
  },
};

export default { meta: { name: 'house' }, rules: { 'no-module-cycle': noModuleCycle } };
