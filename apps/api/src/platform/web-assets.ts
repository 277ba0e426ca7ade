import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A hashed file of the web build, with the compressed copies the build writes beside it. */
export interface WebAsset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export type AssetEncoding = 'br' | 'gzip' | 'identity';

/**
 * The kinds of file the web build hashes. No charset: a module script or a worker's is decoded as
 * UTF-8 whatever the header says, and a style sheet takes its page's encoding (UTF-8); the
 * parameter would be 15 bytes more on each of a page's twenty-odd files.
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
};

/**
 * The web build's hashed files, read from disk once (with their .br and .gz copies) and then kept
 * in memory: a page's scripts are answered in the turn of the event loop that reads their request,
 * never waiting for the disk behind the API's work (a page's first reads arrive beside its scripts;
 * on the embedded database their queries hold the process's one thread). The build bounds what is
 * kept (about 11 MB if every file is asked for); a name that is not a file is not remembered.
 */
export function webAssets(dir: string) {
  const kept = new Map<string, Promise<WebAsset | null>>();

  async function load(name: string): Promise<WebAsset | null> {
    const type = TYPES[path.extname(name)];
    if (!type) return null;
    const file = path.join(dir, name);
    const optional = (copy: string) => readFile(copy).catch(() => undefined);
    try {
      const [identity, br, gzip] = await Promise.all([
        readFile(file),
        optional(`${file}.br`),
        optional(`${file}.gz`),
      ]);
      return { type, identity, br, gzip };
    } catch {
      return null;
    }
  }

  return {
    /** The file named, or null when the build has no such file. */
    read(name: string): Promise<WebAsset | null> {
      if (!/^[\w-][\w.-]*$/.test(name)) return Promise.resolve(null);
      let asset = kept.get(name);
      if (!asset) {
        asset = load(name);
        kept.set(name, asset);
        void asset.then((found) => {
          if (!found) kept.delete(name);
        });
      }
      return asset;
    },
  };
}

/** The best copy of `asset` the request's Accept-Encoding takes: Brotli, then gzip, then as built. */
export function encodingFor(asset: WebAsset, acceptEncoding: string | undefined): AssetEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param)))
      .map(([name]) => name),
  );
  if (asset.br && accepted.has('br')) return 'br';
  if (asset.gzip && accepted.has('gzip')) return 'gzip';
  return 'identity';
}
