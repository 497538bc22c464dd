// Not a spec: the ring path, traced (`npm run ring-path`). A second ring (the first warms the caches up) is traced
// twice over:
// - the path itself: the chains of library calls, outermost first, that lead from the SDK's event to the screen's
//   element made, its ringtone played, and the ongoing screen's element made after the accept (the stack at each,
//   file:function per frame): the calls a reviewer follows, one by one;
// - with V8's precise coverage: every function of the library that ran between the SDK's event and the screen
//   rendered, helpers included (the avatar's initials, the texts), by file, with how many times it ran.
import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {Session} from 'node:inspector/promises';
import {
  KitCallsTestingController,
  provideKitCallsTesting,
} from '../../projects/kit-chat-uikit-angular/testing/calls-testing';
import {KitFakeAudioPlayer} from '../../projects/kit-chat-uikit-angular/testing/fake-audio-player';
import {KitCallEventsService} from '../../projects/kit-chat-uikit-angular/src/events/call-events';
import {KitCallSession} from '../../projects/kit-chat-uikit-angular/src/session/call-session';
import {KitCallsIntl} from '../../projects/kit-chat-uikit-angular/src/intl/calls-intl';

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

/** The library's frames of the stack here, outermost first, as `file:function`. */
function chain(): string[] {
  const frames = (new Error().stack ?? '').split('\n').slice(2);
  const out: string[] = [];
  for (const frame of frames.reverse()) {
    const at =
      /at (?:new )?(\S+) \(.*?projects\/kit-chat-uikit-angular\/(?!in-memory|testing)([^:?]+)\.ts/.exec(
        frame,
      );
    const step = at && `${at[2]}:${at[1].replace(/^Object\./, '')}`;
    if (step && step !== out.at(-1)) {
      out.push(step);
    }
  }
  return out;
}

/** The files of some steps, each once, in the order first met. */
function filesOf(steps: string[]): string[] {
  return [...new Set(steps.map(step => step.slice(0, step.indexOf(':'))))];
}

/** The folders some files enter in order, and those entered again after the path left them. */
function foldersOf(files: string[]): string {
  const folders = files
    .map(file => file.split('/').at(-2))
    .filter((folder, index, all) => folder !== all[index - 1]);
  const again = [...new Set(folders.filter((folder, index) => folders.indexOf(folder) !== index))];
  return `${folders.join(' → ')} (${again.length ? `entered again: ${again.join(', ')}` : 'each entered once'})`;
}

/**
 * Prints the chains seen, and the files and folders they pass through in order; then the same counted with the
 * library functions some chains end at (`points`: the session's attach, the publish of an event, a text read),
 * which are not frames of their own chains.
 */
function printChains(
  what: string,
  chains: Map<string, string[]>,
  points: Map<string, string>,
): void {
  const files = filesOf([...chains.values()].flat());
  const withPoints = filesOf(
    [...chains].flatMap(([at, steps]) => (points.has(at) ? [...steps, points.get(at)!] : steps)),
  );
  const reached = [...chains.keys()].filter(at => points.has(at)).map(at => points.get(at));
  const lines = [...chains].map(
    ([at, steps]) =>
      `  to ${at}:\n    ${steps.join('\n    → ') || "(Angular's change detection: no library call on the stack)"}`,
  );
  // The folders (the floors) in the order the path enters them: a folder entered twice is a path that goes back.
  process.stdout.write(
    `\n${what}, the path (the library's calls on the stack): ${files.length} files\n${lines.join('\n')}\n` +
      `  files in order: ${files.join(', ')}\n` +
      `  folders in order: ${foldersOf(files)}\n` +
      `  with the library functions the chains end at (${reached.join(', ')}): ${withPoints.length} files\n` +
      `    files in order: ${withPoints.join(', ')}\n` +
      `    folders in order: ${foldersOf(withPoints)}\n`,
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
  // The path: the stacks where the screens' elements are made and where the ringtone plays.
  const chains = new Map<string, string[]>();
  let tracing = false;
  const createElement = document.createElement.bind(document);
  jest.spyOn(document, 'createElement').mockImplementation((tag: string, options?: object) => {
    if (tracing && /^kit-/.test(tag) && !chains.has(`<${tag}>`)) {
      chains.set(`<${tag}>`, chain());
    }
    return createElement(tag, options);
  });
  const createTrack = KitFakeAudioPlayer.prototype.createTrack;
  jest.spyOn(KitFakeAudioPlayer.prototype, 'createTrack').mockImplementation(function (
    this: KitFakeAudioPlayer,
    source,
  ) {
    const track = createTrack.call(this, source);
    return {
      ...track,
      play: () => {
        if (tracing && !chains.has('the ringtone played')) {
          chains.set('the ringtone played', chain());
        }
        return track.play();
      },
    };
  });
  // After the accept: the SDK asked, the accept published, and the views attached to the session.
  // The library function each such chain ends at (not a frame of its own chain).
  const points = new Map<string, string>([
    ['ccCallAccepted published', 'src/events/call-events:KitCallEventsService.publishCallAccepted'],
    ['the session attached to a view', 'src/session/call-session:KitCallSession.attach'],
    ['the ongoing label read', 'src/intl/calls-intl:KitCallsIntl.inCallWith'],
  ]);
  const seeAt = <T extends object>(object: T, name: keyof T & string, at: (self: T) => string) => {
    const original = object[name] as (...args: unknown[]) => unknown;
    jest.spyOn(object, name as never).mockImplementation(function (this: T, ...args: unknown[]) {
      const where = at(this);
      if (tracing && !chains.has(where)) {
        chains.set(where, chain());
      }
      return original.apply(this, args);
    } as never);
  };
  seeAt(calls.sdk, 'acceptCall', () => 'the SDK asked to accept');
  seeAt(KitCallEventsService.prototype, 'publishCallAccepted', () => 'ccCallAccepted published');
  seeAt(KitCallSession.prototype, 'attach', () => `the session attached to a view`);
  // The ref reads the ongoing label as it turns the dialog to the ongoing call.
  seeAt(TestBed.inject(KitCallsIntl), 'inCallWith', () => 'the ongoing label read');
  tracing = true;
  await trace('ring → screen rendered', async () => {
    await ring('bob', 'Bob Kahn');
    await settle();
    expect(document.querySelector('kit-incoming-call')?.textContent).toContain('Bob Kahn');
  });
  printChains('ring → screen', chains, points);
  chains.clear();
  await trace('accept → ongoing screen rendered', async () => {
    (document.querySelector('.kit-incoming-call-accept-button') as HTMLElement).click();
    await settle();
    expect(document.querySelector('kit-ongoing-call')?.textContent).toContain('Bob Kahn');
  });
  printChains('accept → ongoing screen', chains, points);
  tracing = false;
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
});
