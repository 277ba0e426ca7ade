#!/usr/bin/env node
// Runs every suite in turn (build, typecheck, lint, API tests, browser tests, size budget),
// keeps going after a failure so one run shows everything, and ends with one line:
// "N passed, N failed" totalling every suite. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

let passed = 0;
let failed = 0;
const summary = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  const ok = run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${label}: ${ok ? 'passed' : 'FAILED'}`);
  return ok;
}

function suite(label, command, args, reportFile, count) {
  rmSync(reportFile, { force: true });
  const ok = run(label, command, args);
  if (!existsSync(reportFile)) {
    failed += 1;
    summary.push(`${label}: no report (exit ${ok ? 0 : 'non-zero'})`);
    return;
  }
  const { pass, fail } = count(JSON.parse(readFileSync(reportFile, 'utf8')));
  // A runner that failed without failing a test (a crash in setup) still counts as a failure.
  const extra = !ok && fail === 0 ? 1 : 0;
  passed += pass;
  failed += fail + extra;
  summary.push(`${label}: ${pass} passed, ${fail + extra} failed`);
}

const built = check('build', 'npm', ['run', 'build']);
check('typecheck', 'npm', ['run', 'typecheck']);
check('lint', 'npm', ['run', 'lint']);
// Each house rule of eslint.config.mjs shown failing on a planted violation.
check('lint rules', 'node', ['--test', 'scripts/lint-rules.test.mjs']);
if (built) check('registry labels', 'node', ['scripts/registry-messages.mjs']);
suite('api tests', 'npm', ['run', 'test', '-w', 'apps/api'], 'apps/api/test-results/vitest.json', (r) => ({
  pass: r.numPassedTests,
  // A test file that fails to load has no test results of its own: count it as one failure.
  fail:
    r.numFailedTests +
    r.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length,
}));
if (built) {
  suite('browser tests', 'npm', ['run', 'test', '-w', 'e2e'], 'e2e/test-results/results.json', (r) => ({
    pass: r.stats.expected + (r.stats.flaky ?? 0),
    fail: r.stats.unexpected,
  }));
  check('size budget', 'npm', ['run', 'size', '-w', 'bench']);
}

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
