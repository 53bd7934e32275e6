// `npm test`: everything, in the order that fails fastest — type check, lint, format, unit and
// component tests, API tests (SQLite and PostgreSQL), build, then end-to-end browser tests
// against the build. Ends with one line "N passed, N failed".
// First it gets what the tests need from the operating system (scripts/test-env.mjs): missing
// Debian packages, and a throw-away PostgreSQL cluster unless TEST_DATABASE_URL names one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureSystemPackages, startThrowawayPostgres } from './test-env.mjs';

ensureSystemPackages();
if (!process.env.TEST_DATABASE_URL) {
  const pg = await startThrowawayPostgres();
  process.env.TEST_DATABASE_URL = pg.url;
  console.log(`▶ PostgreSQL for the API tests: ${pg.url} (removed when the run ends)`);
  process.on('exit', pg.stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      pg.stop();
      process.exit(130);
    });
  }
}

const reportDir = 'node_modules/.cache/atrium-test';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const failedTests = [];

function run(label, cmd, args) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  const ok = r.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(label);
  return ok;
}

function vitest(project) {
  const out = `${reportDir}/${project}.json`;
  const ok = run(`tests: ${project}`, 'npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n', 1)[0]
          .slice(0, 300);
        failedTests.push(
          `${project} · ${file.name.replace(`${process.cwd()}/`, '')} · ${t.fullName}\n    ${why}`,
        );
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).length) {
        failedTests.push(
          `${project} · ${file.name} · ${String(file.message ?? '').split('\n', 1)[0]}`,
        );
      }
    }
    if (report.numTotalTests === 0) {
      failures.push(`${project}: no test ran`);
    }
  } catch {
    if (ok) failures.push(`${project}: no report`);
  }
}

run('type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('format', 'npx', ['prettier', '--check', '.']);
vitest('unit');
vitest('api');
// The SPA and the compiled server, both of which the end-to-end tests run.
if (run('build', 'npm', ['run', 'build'])) vitest('e2e');
else failures.push('e2e: not run, the build failed');

console.log('');
// Repeated here so that the end of a long log (all a CI summary may keep) names what failed.
if (failedTests.length) console.log(`Failed tests:\n  ${failedTests.join('\n  ')}`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);
