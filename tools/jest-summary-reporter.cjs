// Prints the plain closing line "N passed, N failed" (with ", N skipped" when any) after Jest's own summary,
// so CI logs end with one line any reader understands.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`\nunit: ${line}\n`);
  }
}
module.exports = SummaryReporter;
