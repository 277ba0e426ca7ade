#!/usr/bin/env node
// Runs every suite (build, typecheck, lint, web unit tests, API tests, browser tests, size budget),
// keeps going after a failure so one run shows everything, and ends with one line:
// "N passed, N failed" totalling every suite. Exits non-zero when anything failed.
//
// Two lanes run side by side on the two cores as soon as the contracts are built (everything else
// imports them):
// - the browser lane builds the web app (vite, then the prerendered pages), waits for the API's
//   build, then runs the browser tests (mostly waiting on Chromium and the portal) and the size budget;
// - the checks lane builds the API (tsc emitting with --noCheck: the typecheck suite checks the same
//   sources and their tests once, rather than twice), then runs the CPU-bound suites one after
//   another: typecheck, lint, lint rules, registry labels, web unit tests, API tests. The API tests
//   run from source and need no build, but start only once the web build is over (the application
//   reads apps/web/dist when it starts, which the web build empties and rewrites).
// The browser lane is the longer: nothing it needs waits for the checks lane. TEST_LANES=1 runs
// everything in one lane, one suite at a time. Each suite's output is printed whole when it ends
// (lanes do not interleave their lines).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const started = Date.now();
const lanes = process.env.TEST_LANES === '1' ? 1 : 2;
let passed = 0;
let failed = 0;
const summary = [];

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a command to its end, its output kept; resolves with whether it exited 0 (never rejects). */
function run(label, command, args) {
  const since = Date.now();
  console.log(`=== ${label}: started (${command} ${args.join(' ')})`);
  return new Promise((resolve) => {
    const chunks = [];
    let child;
    try {
      child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    } catch (error) {
      console.log(`=== ${label}: could not start: ${error.message}`);
      resolve(false);
      return;
    }
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const finish = (ok, note) => {
      console.log(`\n=== ${label}: ${command} ${args.join(' ')} (${seconds(since)})`);
      process.stdout.write(Buffer.concat(chunks));
      if (note) console.log(note);
      resolve(ok);
    };
    child.on('error', (error) => finish(false, `could not run: ${error.message}`));
    child.on('close', (code, signal) => finish(code === 0, signal ? `ended by ${signal}` : undefined));
  });
}

async function check(label, command, args) {
  const ok = await run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${label}: ${ok ? 'passed' : 'FAILED'}`);
  return ok;
}

/** A suite with a JSON report: its tests are counted one by one; a crash without a report is a failure. */
async function suite(label, command, args, reportFile, count) {
  rmSync(reportFile, { force: true });
  const ok = await run(label, command, args);
  let result;
  try {
    result = existsSync(reportFile) ? count(JSON.parse(readFileSync(reportFile, 'utf8'))) : undefined;
  } catch (error) {
    console.log(`=== ${label}: unreadable report ${reportFile}: ${error.message}`);
  }
  if (!result || !Number.isFinite(result.pass) || !Number.isFinite(result.fail)) {
    failed += 1;
    summary.push(`${label}: no report (exit ${ok ? 0 : 'non-zero'})`);
    return;
  }
  const { pass, fail } = result;
  // A runner that failed without failing a test (a crash in setup) still counts as a failure.
  const extra = !ok && fail === 0 ? 1 : 0;
  passed += pass;
  failed += fail + extra;
  summary.push(`${label}: ${pass} passed, ${fail + extra} failed`);
}

/** Vitest's JSON report: a test file that fails to load has no test results: one failure. */
const vitestCount = (r) => ({
  pass: r.numPassedTests,
  fail:
    r.numFailedTests +
    r.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length,
});

const contracts = await check('build: contracts', 'npm', ['run', 'build', '-w', 'packages/contracts']);

/** A build step, started once (by whichever lane asks first), awaited by every lane that needs it. */
const once = (start) => {
  let result;
  return () => (result ??= start());
};
const webBuild = once(() =>
  contracts ? check('build: web', 'npm', ['run', 'build', '-w', 'apps/web']) : Promise.resolve(false),
);
const apiBuild = once(() =>
  contracts ? check('build: api', 'npm', ['run', 'build', '-w', 'apps/api']) : Promise.resolve(false),
);

async function checksLane() {
  await apiBuild();
  // The contracts have no typecheck of their own: their build (the first step) is tsc with checking.
  await check('typecheck', 'npm', ['run', 'typecheck']);
  await check('lint', 'npm', ['run', 'lint']);
  // Each house rule of eslint.config.mjs shown failing on a planted violation.
  await check('lint rules', 'node', ['--test', 'scripts/lint-rules.test.mjs']);
  if (contracts) await check('registry labels', 'node', ['scripts/registry-messages.mjs']);
  await suite(
    'web unit tests',
    'npm',
    ['run', 'test', '-w', 'apps/web'],
    'apps/web/test-results/vitest.json',
    vitestCount,
  );
  // Not while the web build rewrites apps/web/dist, which every test file's application reads.
  await webBuild();
  await suite(
    'api tests',
    'npm',
    ['run', 'test', '-w', 'apps/api'],
    'apps/api/test-results/vitest.json',
    vitestCount,
  );
}

async function browserLane() {
  const web = await webBuild();
  const api = await apiBuild();
  if (web && api)
    await suite(
      'browser tests',
      'npm',
      ['run', 'test', '-w', 'e2e'],
      'e2e/test-results/results.json',
      (r) => ({
        pass: r.stats.expected + (r.stats.flaky ?? 0),
        fail: r.stats.unexpected,
      }),
    );
  if (web) await check('size budget', 'npm', ['run', 'size', '-w', 'bench']);
}

if (lanes === 2) {
  await Promise.all([browserLane(), checksLane()]);
} else {
  await webBuild();
  await apiBuild();
  await checksLane();
  await browserLane();
}

console.log(`\n${summary.join('\n')}`);
console.log(`Total time: ${seconds(started)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
