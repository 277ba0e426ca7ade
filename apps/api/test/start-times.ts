import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * A reporter that prints, per test file, how long it took from being handed to a worker to its
 * first test starting (importing, collecting, the first beforeAll: starting the application), the
 * fixed cost of a file. `TEST_START_TIMES=1 npx vitest run …`
 */
export default class StartTimes implements Reporter {
  private readonly queuedAt = new Map<string, number>();
  private readonly firstTestAt = new Map<string, number>();

  onTestModuleQueued(testModule: TestModule): void {
    this.queuedAt.set(testModule.id, Date.now());
  }

  onTestCaseResult(testCase: TestCase): void {
    const { startTime } = testCase.diagnostic() ?? {};
    const id = testCase.module.id;
    if (startTime === undefined || testCase.result().state === 'skipped') return;
    this.firstTestAt.set(id, Math.min(this.firstTestAt.get(id) ?? Infinity, startTime));
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const rows = testModules
      .map((module) => {
        const queued = this.queuedAt.get(module.id);
        const first = this.firstTestAt.get(module.id);
        const name = `${module.project.name} ${module.relativeModuleId}`;
        return { name, ms: queued !== undefined && first !== undefined ? first - queued : undefined };
      })
      .filter((row): row is { name: string; ms: number } => row.ms !== undefined)
      .sort((a, b) => a.ms - b.ms);
    if (rows.length === 0) return;
    const median = rows[Math.floor(rows.length / 2)]!.ms;
    console.log('\nTime from a file handed to a worker to its first test starting:');
    for (const row of rows) console.log(`  ${(row.ms / 1000).toFixed(2)} s  ${row.name}`);
    console.log(`  median ${(median / 1000).toFixed(2)} s over ${rows.length} files`);
  }
}
