import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST_FILES_SHOWN = 25;

/**
 * Ends the run with the plain line CI reads ('N passed, N failed, N skipped'), which vitest's own
 * summary does not print in that form, after the slowest test files with their project, so a CI
 * log says where the run's time went.
 */
export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed to load has no tests to count; it still fails the run.
      if (module.state() === 'failed' && module.children.size === 0) counts.failed += 1;
    }
    const slowest = [...testModules]
      .map((module) => ({ module, seconds: module.diagnostic().duration / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_FILES_SHOWN);
    console.log('\nSlowest test files:');
    for (const { module, seconds } of slowest)
      console.log(
        `  ${seconds.toFixed(1).padStart(7)} s  ${module.project.name.padEnd(11)} ${module.relativeModuleId}`,
      );
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
