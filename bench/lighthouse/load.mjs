// Lighthouse lives in bench/lighthouse as a project of its own (it is large and only the benches use it):
// installed there on first use, then loaded by path.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Lighthouse's default export, installing it into bench/lighthouse first if it is missing. */
export async function loadLighthouse() {
  if (!existsSync(`${here}node_modules/lighthouse`)) {
    console.error('Installing Lighthouse into bench/lighthouse (first use)…');
    // Run as a plain project: `npm run … -w bench` passes its workspace settings on to child npm processes.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !/^npm_config_(workspace|include_workspace_root)/i.test(key),
      ),
    );
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--workspaces=false'], {
      cwd: here,
      env,
      stdio: 'inherit',
    });
    if (install.status !== 0) process.exit(install.status ?? 1);
  }
  const { default: lighthouse } = await import(`${here}node_modules/lighthouse/core/index.js`);
  return lighthouse;
}
