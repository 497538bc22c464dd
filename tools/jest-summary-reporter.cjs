// Prints the plain closing line "unit: N passed, N failed" (", N skipped" when any) as the very last line of a
// Jest run: Jest prints its own summary after every reporter, so the line is written when the process exits.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `unit: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.once('exit', () => process.stderr.write(`\n${line}\n`));
  }
}
module.exports = SummaryReporter;
