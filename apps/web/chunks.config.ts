import type { Node, Program } from 'estree';
import type { GetManualChunk, ModuleInfo } from 'rollup';

/**
 * How the code a page loads before its screen is cut into files (Rollup's `manualChunks`).
 *
 * Left alone, Rollup makes one chunk per set of lazy modules sharing a module: a student page then
 * arrives in about fifty files, many of a few hundred bytes (an icon, a hook, a MUI part), each
 * compressed on its own. Brotli does much better on one file than on fifty small ones (the lesson
 * page's 48 files beyond the entry: 62 KiB compressed one by one, 50 KiB as one), and each file
 * costs a request on a slow link.
 *
 * So the modules needed by the roots — what the entry loads lazily: each area's route file (its
 * shell), TanStack Query's layout, the landing and sign-in pages, the other public pages — are
 * grouped by the families of roots that need them (`groupName`): `area-student` what only the
 * student's area needs, `areas` what several areas share, `query` what the Query layout needs
 * and TanStack Query's hooks, `index` what the entry needs. A page downloads the groups of its
 * roots, in a handful of files. Screens, cards and catalogues stay as Rollup cuts them, but for
 * MUI's table parts, which a table uses together (`mui-table`).
 *
 * "Needs" is what remains after tree-shaking, as far as this can tell without doing it: a module
 * with side effects needs all it imports; a side-effect-free one (MUI, the contract package) only
 * what the declarations of the exports asked of it use (and its calls not marked pure), and a
 * re-export leads only to the module that declares the name asked for. Importing one constant from
 * `@portal/contracts`, or `ThemeProvider` from `@mui/material/styles`, therefore does not put the
 * package's other modules in the entry.
 *
 * Rollup adds a manual chunk's static imports to it unless they are in a manual chunk already, so
 * every module that is included and imported by one of these chunks is assigned too: what no root
 * needs (a re-exported module only lazy screens use) gets a chunk of its own folder (`lib-…`), which
 * those screens then load, as they would have.
 *
 * Whatever this decides, Rollup keeps the program's meaning (a module in another chunk is imported
 * from there): a wrong guess costs bytes or a request, which `npm run size -w bench` shows per page.
 */
type Family = 'landing' | 'signin' | 'public' | 'query' | 'lesson' | (typeof AREAS)[number];
const AREAS = ['applicant', 'student', 'admin', 'app'] as const;

/**
 * The roots are what the entry loads lazily (its route table's pages and areas), each in a family:
 * an area's route file, TanStack Query's layout, the landing page, the sign-in page, the student's
 * lesson page (full screen outside the student area's frame: `lesson`), or another public page
 * (forgotten password, the documents a QR code opens, …: `public`).
 */
function familyOf(id: string): Family {
  if (id.endsWith('/src/app/routes/lesson.tsx')) return 'lesson';
  const area = /\/src\/app\/routes\/(\w+)\.tsx$/.exec(id)?.[1];
  if (area && (AREAS as readonly string[]).includes(area)) return area as Family;
  if (id.endsWith('/src/app/providers/QueryLayout.tsx')) return 'query';
  if (id.endsWith('/src/app/pages/LandingPage.tsx')) return 'landing';
  if (id.endsWith('/src/app/pages/SignInPage.tsx')) return 'signin';
  return 'public';
}

/**
 * The chunk of a module by the families of roots that need it (undefined: as Rollup cuts it).
 * - What a prerendered page (landing, sign-in) shares with the areas or Query stays in the entry,
 *   where it was before those pages were lazy; what they share only with other public pages is a
 *   chunk of theirs (`signin-public`: the text fields).
 * - What Query's layout needs is `query`: every page under it (areas, other public pages) loads it.
 *   TanStack Query's own modules that two or more families need (the hooks and their observers:
 *   areas, the lesson page, the other public pages) join it (`QUERY_LIBRARY`), rather than a group
 *   of those families' own: they compress best beside the rest of the library, and every page under
 *   the layout uses them (about 0.5 KiB less on each such page than in `lesson-shared`, 4 KiB less
 *   on a public page that would load that group for them).
 * - What the areas need: `area-student` what only the student's needs, `areas` what two or more
 *   share (an area may load a little it does not use, rather than a file per pair of areas), and
 *   `areas-public` what the other public pages need too (those pages then load it whole).
 * - What only the other public pages need is left to Rollup: each such page loads its own.
 * - The lesson page (issue 24: ≤ 150 KiB over the wire) is a root whose screen comes with it (the
 *   player, full screen): what it needs that an area or another public page needs too (the API
 *   client, the RoleData gate, a MUI list) is `lesson-shared`, which those load beside their own
 *   groups, so the lesson never loads the areas' frame; what only it needs is left to Rollup, as a
 *   screen's code is (in its own chunk, or shared with the other screens importing it: the admin's
 *   preview of a course, the lecture-notes list), rather than a group that every screen importing
 *   one of its icons would then download whole.
 */
function groupName(families: ReadonlySet<Family>): string | undefined {
  const areas = AREAS.filter((area) => families.has(area));
  const prerendered = (['landing', 'signin'] as const).filter((family) => families.has(family));
  const others = families.has('public') ? ['public'] : [];
  if (prerendered.length > 0) {
    return areas.length > 0 || families.has('query') || families.has('lesson')
      ? 'index'
      : [...prerendered, ...others].join('-');
  }
  if (families.has('query')) return 'query';
  if (families.has('lesson')) return families.size === 1 ? undefined : 'lesson-shared';
  if (areas.length === 0) return undefined;
  if (others.length > 0) return 'areas-public';
  return areas.length === 1 ? `area-${areas[0]}` : 'areas';
}

/** A module not needed by any root: a chunk per folder (a package's component, a source file). */
function leftoverName(id: string): string {
  const path = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  const name = inPackage
    ? [
        inPackage[1]!,
        inPackage[2]!
          .split('/')
          .slice(0, -1)
          .find((folder) => !['esm', 'dist', 'build', 'lib', 'modern', 'cjs', 'node'].includes(folder)) ??
          'main',
      ].join('-')
    : path
        .split('/')
        .slice(-2)
        .join('-')
        .replace(/\.[^.]+$/, '');
  return `lib-${name.replace(/[^\w-]+/g, '-').replace(/^-+/, '')}`;
}

/** What a module declares, imports and re-exports, read from its syntax tree. */
interface Facts {
  /** Local name → the imported module and name ('*' for a namespace). */
  imports: Map<string, { id: string; name: string }>;
  /** Exported name → local name. */
  locals: Map<string, string>;
  /** Exported name → the module and name it re-exports. */
  reexports: Map<string, { id: string; name: string }>;
  /** Modules whose exports are all re-exported (`export * from`). */
  stars: string[];
  /** Local name → the identifiers its top-level declaration uses. */
  uses: Map<string, Set<string>>;
  /** The identifiers of each of the module's other top-level statements (`Button.muiName = …`). */
  statements: Set<string>[];
  /**
   * The identifiers of each top-level statement that runs code when the module does (a call not
   * marked pure: `const borders = compose(…)`): Rollup keeps those of any module it includes.
   */
  effects: Set<string>[];
}

/** TanStack Query's packages: their modules that several families need go with its client (`query`). */
const QUERY_LIBRARY = /\/node_modules\/@tanstack\/(?:query-core|react-query)\//;

/** MUI's table, head, body, row and cell, with their contexts and classes (not the pagination). */
const MUI_TABLE =
  /\/node_modules\/@mui\/material\/(?:esm\/)?(?:Table|TableHead|TableBody|TableRow|TableCell)\//;

const DEFAULT_LOCAL = '*default*';
/** Modules this short together (their code, in characters) cost the entry less than a file a page. */
const SMALL = 2000;
/** A part this short (an icon) costs every signed-in page less in `areas` than a page its own file. */
const TINY = 600;

/** The identifiers a node mentions anywhere in it (property names too: more, never less). */
function identifiers(node: unknown, into = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object') return into;
  if (Array.isArray(node)) {
    for (const child of node) identifiers(child, into);
    return into;
  }
  const typed = node as { type?: string; name?: string };
  if (typed.type === 'Identifier' && typed.name) into.add(typed.name);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && key !== 'start' && key !== 'end' && value && typeof value === 'object') {
      identifiers(value, into);
    }
  }
  return into;
}

/** Whether a node calls anything when it is evaluated (a call not annotated pure, outside functions). */
function runsCode(node: unknown, code: string): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((child) => runsCode(child, code));
  const typed = node as { type?: string; start?: number };
  if (
    typed.type === 'FunctionExpression' ||
    typed.type === 'ArrowFunctionExpression' ||
    typed.type === 'FunctionDeclaration'
  ) {
    return false;
  }
  if (
    (typed.type === 'CallExpression' ||
      typed.type === 'NewExpression' ||
      typed.type === 'TaggedTemplateExpression') &&
    !/\/\*\s*[#@]__PURE__\s*\*\/\s*$/.test(code.slice(Math.max(0, (typed.start ?? 0) - 40), typed.start))
  ) {
    return true;
  }
  return Object.entries(node).some(
    ([key, value]) => key !== 'type' && value && typeof value === 'object' && runsCode(value, code),
  );
}

/** The names a declaration binds. */
function declared(node: Node | null | undefined): string[] {
  if (!node) return [];
  if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') {
    return node.id ? [node.id.name] : [];
  }
  if (node.type === 'VariableDeclaration') return [...identifiers(node.declarations.map((d) => d.id))];
  return [];
}

function factsOf(info: ModuleInfo): Facts | null {
  const program = info.ast as Program | null;
  const code = info.code;
  if (!program || code === null) return null;
  // Rollup resolves a module's sources in the order its import and export declarations appear.
  const sources: string[] = [];
  for (const statement of program.body) {
    if (
      (statement.type === 'ImportDeclaration' ||
        statement.type === 'ExportAllDeclaration' ||
        (statement.type === 'ExportNamedDeclaration' && statement.source)) &&
      !sources.includes(String(statement.source!.value))
    ) {
      sources.push(String(statement.source!.value));
    }
  }
  if (sources.length !== info.importedIds.length) return null;
  const idOf = (source: unknown) => info.importedIds[sources.indexOf(String(source))]!;
  const nameOf = (node: { type: string; name?: string; value?: unknown }) =>
    node.type === 'Identifier' ? node.name! : String(node.value);

  const facts: Facts = {
    imports: new Map(),
    locals: new Map(),
    reexports: new Map(),
    stars: [],
    uses: new Map(),
    statements: [],
    effects: [],
  };
  for (const statement of program.body) {
    switch (statement.type) {
      case 'ImportDeclaration': {
        const id = idOf(statement.source.value);
        for (const specifier of statement.specifiers) {
          const name =
            specifier.type === 'ImportSpecifier'
              ? nameOf(specifier.imported)
              : specifier.type === 'ImportDefaultSpecifier'
                ? 'default'
                : '*';
          facts.imports.set(specifier.local.name, { id, name });
        }
        break;
      }
      case 'ExportAllDeclaration':
        if (statement.exported) {
          facts.reexports.set(nameOf(statement.exported), { id: idOf(statement.source.value), name: '*' });
        } else facts.stars.push(idOf(statement.source.value));
        break;
      case 'ExportNamedDeclaration':
        if (statement.source) {
          for (const specifier of statement.specifiers) {
            facts.reexports.set(nameOf(specifier.exported), {
              id: idOf(statement.source.value),
              name: nameOf(specifier.local),
            });
          }
        } else if (statement.declaration) {
          for (const name of declared(statement.declaration)) {
            facts.locals.set(name, name);
            facts.uses.set(name, identifiers(statement.declaration));
          }
          if (runsCode(statement.declaration, code)) facts.effects.push(identifiers(statement.declaration));
        } else {
          for (const specifier of statement.specifiers) {
            facts.locals.set(nameOf(specifier.exported), nameOf(specifier.local));
          }
        }
        break;
      case 'ExportDefaultDeclaration': {
        if (runsCode(statement.declaration, code)) facts.effects.push(identifiers(statement.declaration));
        facts.locals.set('default', DEFAULT_LOCAL);
        facts.uses.set(DEFAULT_LOCAL, identifiers(statement.declaration));
        for (const name of declared(statement.declaration as Node)) {
          facts.uses.set(name, identifiers(statement.declaration));
        }
        break;
      }
      default: {
        const names = declared(statement);
        if (names.length === 0) facts.statements.push(identifiers(statement));
        for (const name of names) facts.uses.set(name, identifiers(statement));
        if (runsCode(statement, code)) facts.effects.push(identifiers(statement));
      }
    }
  }
  return facts;
}

export function areaChunks(): GetManualChunk {
  let assigned: Map<string, string> | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    assigned ??= assign([...getModuleIds()], getModuleInfo);
    return assigned.get(id);
  };
}

function assign(ids: string[], getModuleInfo: (id: string) => ModuleInfo | null): Map<string, string> {
  const facts = new Map<string, Facts | null>();
  const factsFor = (id: string) => {
    if (!facts.has(id)) {
      const info = getModuleInfo(id);
      facts.set(id, info && !info.isExternal ? factsOf(info) : null);
    }
    return facts.get(id)!;
  };
  /** The included modules a root needs, from the root's module asked for everything it exports. */
  function needed(start: string[]): Set<string> {
    const used = new Set<string>();
    const done = new Set<string>();
    const queue: [string, string | null][] = start.map((moduleId) => [moduleId, '*']);
    const sideEffects = (moduleId: string) => getModuleInfo(moduleId)?.moduleSideEffects !== false;
    // A module in the bundle runs its imports with side effects, used or not.
    const use = (moduleId: string) => {
      if (used.has(moduleId)) return;
      used.add(moduleId);
      for (const dependency of getModuleInfo(moduleId)?.importedIds ?? []) queue.push([dependency, null]);
      const fact = factsFor(moduleId);
      for (const names of fact?.effects ?? []) for (const name of names) useLocal(moduleId, name, fact!);
    };
    const useLocal = (moduleId: string, local: string, fact: Facts) => {
      const key = `${moduleId}\0local\0${local}`;
      if (done.has(key)) return;
      done.add(key);
      use(moduleId);
      const imported = fact.imports.get(local);
      if (imported) queue.push([imported.id, imported.name]);
      for (const name of fact.uses.get(local) ?? []) {
        if (name !== local) useLocal(moduleId, name, fact);
      }
      // A statement that mentions it (`Button.muiName = …`) stays with it, and what it uses.
      for (const statement of fact.statements) {
        if (statement.has(local)) for (const name of statement) useLocal(moduleId, name, fact);
      }
    };
    while (queue.length) {
      const [moduleId, name] = queue.pop()!;
      const key = `${moduleId}\0${name ?? ''}`;
      if (done.has(key)) continue;
      done.add(key);
      const info = getModuleInfo(moduleId);
      if (!info || info.isExternal) continue;
      const fact = factsFor(moduleId);
      if (!fact) {
        // Not readable: all it imports.
        use(moduleId);
        for (const dependency of info.importedIds) queue.push([dependency, '*']);
        continue;
      }
      // A module with side effects runs whole once anything of it is needed.
      if (sideEffects(moduleId) && !done.has(`${moduleId}\0run`)) {
        done.add(`${moduleId}\0run`);
        use(moduleId);
        for (const local of [...fact.uses.keys(), ...fact.statements.flatMap((names) => [...names])]) {
          useLocal(moduleId, local, fact);
        }
      }
      if (name === null) continue;
      const names =
        name === '*'
          ? [...fact.locals.keys(), ...fact.reexports.keys(), ...(fact.stars.length ? ['*'] : [])]
          : [name];
      for (const wanted of names) {
        const local = fact.locals.get(wanted);
        const reexport = fact.reexports.get(wanted);
        if (local !== undefined) useLocal(moduleId, local, fact);
        else if (reexport) queue.push([reexport.id, reexport.name]);
        else for (const star of fact.stars) queue.push([star, wanted === '*' ? '*' : wanted]);
      }
    }
    return new Set([...used].filter((moduleId) => getModuleInfo(moduleId)?.isIncluded));
  }

  const map = new Map<string, string>();
  const entry = needed(ids.filter((moduleId) => getModuleInfo(moduleId)?.isEntry));
  for (const moduleId of entry) map.set(moduleId, 'index');
  const rootIds = new Set(
    [...entry]
      .flatMap((moduleId) => getModuleInfo(moduleId)?.dynamicallyImportedIds ?? [])
      .filter((moduleId) => !moduleId.endsWith('.json')),
  );
  const neededBy = new Map<string, Set<Family>>();
  for (const rootId of rootIds) {
    for (const moduleId of needed([rootId])) {
      if (entry.has(moduleId)) continue;
      if (!neededBy.has(moduleId)) neededBy.set(moduleId, new Set());
      neededBy.get(moduleId)!.add(familyOf(rootId));
    }
  }
  for (const [moduleId, families] of neededBy) {
    const group = groupName(families);
    if (!group) continue;
    map.set(moduleId, group !== 'index' && QUERY_LIBRARY.test(moduleId) ? 'query' : group);
  }
  // What one area's frame needs that another area's screens import too (an icon of the applicant's
  // menu on the student's dashboard) goes to `areas`, with what it needs of that area's group:
  // otherwise that screen downloads the other area's whole group for it.
  const reachedBy = new Map<string, Set<Family>>();
  for (const rootId of rootIds) {
    const family = familyOf(rootId);
    if (!(AREAS as readonly string[]).includes(family)) continue;
    const stack = [rootId];
    const seen = new Set(stack);
    while (stack.length) {
      const info = getModuleInfo(stack.pop()!);
      for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
        if (seen.has(next) || rootIds.has(next) || entry.has(next)) continue;
        seen.add(next);
        if (!reachedBy.has(next)) reachedBy.set(next, new Set());
        reachedBy.get(next)!.add(family);
        stack.push(next);
      }
    }
  }
  const size = (moduleId: string) => getModuleInfo(moduleId)?.code?.length ?? Infinity;
  for (const [moduleId, group] of map) {
    const area = /^area-(\w+)$/.exec(group)?.[1];
    if (!area || ![...(reachedBy.get(moduleId) ?? [])].some((family) => family !== area)) continue;
    const part = [...needed([moduleId])].filter((dependency) => map.get(dependency) === group);
    if (part.reduce((sum, dependency) => sum + size(dependency), 0) > TINY) continue;
    for (const dependency of part) map.set(dependency, 'areas');
  }

  // A small part of the public pages' groups that other code imports too (FormControl's context,
  // which any checkbox or switch reads), with the little it needs from those groups, goes back to the
  // entry, where it was: those pages would otherwise download the public pages' text fields with it.
  const publicOnly = (group: string | undefined) =>
    group !== undefined &&
    group !== 'index' &&
    !group.startsWith('area') &&
    !group.startsWith('lesson') &&
    group !== 'query';
  for (const [moduleId, group] of map) {
    if (!publicOnly(group) || entry.has(moduleId)) continue;
    const importers = getModuleInfo(moduleId)?.importers ?? [];
    if (importers.every((importer) => map.get(importer) === group || rootIds.has(importer))) continue;
    const part = [...needed([moduleId])].filter((dependency) => !entry.has(dependency));
    if (!part.every((dependency) => publicOnly(map.get(dependency)))) continue;
    if (part.reduce((sum, dependency) => sum + size(dependency), 0) > SMALL) continue;
    for (const dependency of part) {
      map.set(dependency, 'index');
      entry.add(dependency);
    }
  }

  // MUI's table parts, which a table uses together (a screen's table, a receipt's): one file
  // rather than the two or three Rollup would cut by which screens import which part.
  for (const moduleId of ids) {
    if (!map.has(moduleId) && MUI_TABLE.test(moduleId) && getModuleInfo(moduleId)?.isIncluded)
      map.set(moduleId, 'mui-table');
  }

  // A root stays a chunk of its own (a small one, importing its groups): the build's manifest then
  // names it by its source file, which the service worker's precache list and the benches look up.
  for (const rootId of rootIds) map.delete(rootId);

  // Whatever these chunks import that no root needs (and is included): a chunk of its folder.
  const stack = [...map.keys()];
  const seen = new Set(stack);
  while (stack.length) {
    for (const dependency of getModuleInfo(stack.pop()!)?.importedIds ?? []) {
      if (seen.has(dependency)) continue;
      seen.add(dependency);
      const info = getModuleInfo(dependency);
      if (!info || info.isExternal) continue;
      if (info.isIncluded && !map.has(dependency)) map.set(dependency, leftoverName(dependency));
      stack.push(dependency);
    }
  }
  return map;
}
