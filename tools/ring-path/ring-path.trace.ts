// Not a spec: the ring path, traced. Run by tools/ring-path.mjs (Jest, one worker), which prints what it found.
// A second ring (the first warms the caches up) is traced with V8's precise coverage: every function of the library
// that ran between the SDK's event and the screen rendered, by file, with how many times it ran.
import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {Session} from 'node:inspector/promises';
import {
  KitCallsTestingController,
  provideKitCallsTesting,
} from '../../projects/kit-chat-uikit-angular/testing/calls-testing';

@Component({template: ''})
class Page {}

interface Coverage {
  result: {url: string; functions: {functionName: string; ranges: {count: number}[]}[]}[];
}

const LIBRARY = /projects\/kit-chat-uikit-angular\/(?!in-memory|testing)([^?]+)\.ts$/;

function counts(coverage: Coverage): Map<string, number> {
  const seen = new Map<string, number>();
  for (const script of coverage.result) {
    const file = LIBRARY.exec(script.url)?.[1];
    if (!file) {
      continue;
    }
    script.functions.forEach((fn, index) => {
      const key = `${file}:${fn.functionName || `(anonymous ${index})`}`;
      seen.set(key, (seen.get(key) ?? 0) + fn.ranges[0].count);
    });
  }
  return seen;
}

/** Prints what ran between two takes, by file. */
function print(what: string, before: Map<string, number>, after: Map<string, number>): void {
  const ran = [...after]
    .map(([key, count]) => [key, count - (before.get(key) ?? 0)] as const)
    .filter(([, count]) => count > 0);
  const byFile = new Map<string, string[]>();
  for (const [key, count] of ran) {
    const at = key.indexOf(':');
    const [file, fn] = [key.slice(0, at), key.slice(at + 1)];
    byFile.set(file, [...(byFile.get(file) ?? []), count > 1 ? `${fn} ×${count}` : fn]);
  }
  const lines = [...byFile]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, fns]) => `  ${file} (${fns.length}): ${fns.join(', ')}`);
  process.stdout.write(
    `\n${what}: ${byFile.size} files, ${ran.length} functions of the library ran\n${lines.join('\n')}\n`,
  );
}

it('traces one ring, from the SDK event to the screen rendered', async () => {
  jest.useFakeTimers();
  TestBed.configureTestingModule({providers: [provideKitCallsTesting({})]});
  const calls = TestBed.inject(KitCallsTestingController);
  TestBed.createComponent(Page);
  const settle = async () => {
    await jest.advanceTimersByTimeAsync(50);
    await jest.advanceTimersByTimeAsync(0);
  };
  await settle();
  const ring = async (uid: string, name: string) => {
    void calls.farSide.ring({uid, name}, calls.me, 'audio');
    // The switchboard delivers the ring on a timer: the trace starts once it is about to.
    await jest.advanceTimersByTimeAsync(0);
  };
  // Warm up: one ring, declined, gone.
  await ring('ada', 'Ada Lovelace');
  await settle();
  (document.querySelector('.kit-incoming-call-reject-button') as HTMLElement | null)?.click();
  await jest.advanceTimersByTimeAsync(10_000);
  expect(document.querySelector('kit-incoming-call')).toBeNull();

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', {callCount: true, detailed: false});
  const take = async () => counts((await session.post('Profiler.takePreciseCoverage')) as Coverage);
  const trace = async (what: string, run: () => Promise<void>) => {
    const before = await take();
    await run();
    print(what, before, await take());
  };
  await trace('ring → screen rendered', async () => {
    await ring('bob', 'Bob Kahn');
    await settle();
    expect(document.querySelector('kit-incoming-call')?.textContent).toContain('Bob Kahn');
  });
  await trace('accept → ongoing screen rendered', async () => {
    (document.querySelector('.kit-incoming-call-accept-button') as HTMLElement).click();
    await settle();
    expect(document.querySelector('kit-ongoing-call')?.textContent).toContain('Bob Kahn');
  });
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
});
