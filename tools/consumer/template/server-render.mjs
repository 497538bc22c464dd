// Renders the three call screens once on the server: `renderApplication` from @angular/platform-server, in plain
// node, with the kit as installed from its tarball in node_modules.
//
// Guard: node has no `window` or `document`, so code that reads them crashes here. On top of that, each browser
// global below is replaced with a getter that records who read it (a `typeof window` check included) and returns
// undefined, and each read is sorted by its stack (source-mapped: run with `node --enable-source-maps`), see below.
// The render also fails on a throw, on anything logged with console.error, and when a screen's host element or the
// caller's name is missing from the HTML.
import {mkdirSync, writeFileSync} from 'node:fs';

const GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'Audio',
  'AudioContext',
  'localStorage',
  'sessionStorage',
  'Notification',
  'matchMedia',
  'getComputedStyle',
];
const touches = [];
let guarding = true;
Error.stackTraceLimit = 60;
for (const name of GLOBALS) {
  const own = Object.getOwnPropertyDescriptor(globalThis, name);
  if (own && !own.configurable) {
    continue;
  }
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      if (guarding) {
        touches.push({name, stack: new Error(`global ${name} read`).stack ?? ''});
      }
      return undefined;
    },
    set(value) {
      // Something defines the global (the DOM emulation of platform-server does for some names): let it, and say so.
      touches.push({name: `${name} (write)`, stack: new Error(`global ${name} written`).stack ?? ''});
      Object.defineProperty(globalThis, name, {configurable: true, writable: true, value});
    },
  });
}

const errors = [];
const consoleError = console.error;
console.error = (...args) => {
  errors.push(args.map(a => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
};

// The screens, each with a call, as an app would place them. Plain JavaScript (no build step): the component
// is compiled just in time, and so are the kit's partially compiled declarations from node_modules.
const ME = {uid: 'grace', name: 'Grace Hopper'};
const ADA = {uid: 'ada', name: 'Ada Lovelace'};
const INCOMING = {
  sessionId: 'server-incoming',
  type: 'video',
  sender: ADA,
  receiver: ME,
  callInitiator: ADA,
  callReceiver: ME,
  status: 'initiated',
};
const OUTGOING = {
  sessionId: 'server-outgoing',
  type: 'audio',
  sender: ME,
  receiver: ADA,
  callInitiator: ME,
  callReceiver: ADA,
  status: 'initiated',
};
const ONGOING = {...INCOMING, sessionId: 'server-ongoing', status: 'ongoing'};

const failures = [];
let html = '';
try {
  // Imported only now, after the guard is in place, so reads at import time are caught too.
  await import('@angular/compiler');
  const {Component, enableProdMode, provideZonelessChangeDetection} = await import('@angular/core');
  const {bootstrapApplication} = await import('@angular/platform-browser');
  const {provideServerRendering, renderApplication} = await import('@angular/platform-server');
  const kit = await import('kit-chat-uikit-angular');
  const {kitInMemoryCallsSdk} = await import('kit-chat-uikit-angular/in-memory');
  enableProdMode();

  class Screens {
    incoming = INCOMING;
    outgoing = OUTGOING;
    ongoing = ONGOING;
  }
  Component({
    selector: 'app-screens',
    imports: [kit.KitIncomingCallComponent, kit.KitOutgoingCallComponent, kit.KitOngoingCallComponent],
    template: `
      <kit-incoming-call [call]="incoming" />
      <kit-outgoing-call [call]="outgoing" />
      <kit-ongoing-call [call]="ongoing" />
    `,
  })(Screens);

  const bootstrap = context =>
    bootstrapApplication(
      Screens,
      {
        providers: [
          provideServerRendering(),
          provideZonelessChangeDetection(),
          kit.provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ME)}),
        ],
      },
      context,
    );
  html = await renderApplication(bootstrap, {
    document:
      '<!doctype html><html lang="en"><head><title>Kit screens</title></head><body><app-screens></app-screens></body></html>',
    url: '/',
  });
} catch (error) {
  failures.push(`render threw: ${error?.stack ?? error}`);
}
guarding = false;
console.error = consoleError;

for (const message of errors) {
  failures.push(`console.error during render: ${message}`);
}
for (const host of ['kit-incoming-call', 'kit-outgoing-call', 'kit-ongoing-call']) {
  const screen = html && new RegExp(`<${host}[\\s>][\\s\\S]*?</${host}>`).exec(html);
  if (html && !screen) {
    failures.push(`the rendered HTML has no <${host}> element`);
  } else if (screen && !screen[0].includes('Ada Lovelace')) {
    failures.push(`<${host}> does not show the other person, Ada Lovelace`);
  }
}

// Where a read comes from: the kit's own code (its frame is the innermost one) fails the check; a framework helper
// that the kit calls (such as the CDK's `_getFocusedElementPierceShadowDom`, which checks `typeof document`) is a
// warning, or a failure with CONSUMER_SSR_STRICT=1; anything else (Angular or the CDK on their own) is a note.
const STRICT = process.env.CONSUMER_SSR_STRICT === '1';
const KIT = /kit-chat-uikit-angular/;
const frames = stack =>
  stack
    .split('\n')
    .slice(1)
    .filter(line => !line.includes('server-render.mjs'))
    .map(line =>
      line
        .trim()
        .replace(/^at /, '')
        // Source-mapped paths, shortened: the kit's sources as in its repository, Angular's and the CDK's as built.
        .replace(/[^\s(]*\/(projects\/kit-chat-uikit-angular\/)/, '$1')
        .replace(/[^\s(]*\/bin\/((packages|src)\/)/, 'angular:$1'),
    );
const grouped = new Map();
for (const {name, stack} of touches) {
  const lines = frames(stack);
  const kitAt = lines.findIndex(line => KIT.test(line));
  const kind = kitAt === 0 ? 'kit' : kitAt > 0 ? 'via' : 'note';
  const shown = kind === 'note' ? lines.slice(0, 1) : lines.slice(0, Math.max(kitAt + 1, 1));
  const key = `${kind}|${name}|${shown.join('\n        <- ')}`;
  grouped.set(key, (grouped.get(key) ?? 0) + 1);
}
let warnings = 0;
for (const [key, count] of grouped) {
  const [kind, name, where] = key.split('|');
  const times = count > 1 ? ` (${count} times)` : '';
  if (kind === 'kit') {
    failures.push(`global ${name} read by the kit itself${times}:\n        ${where}`);
  } else if (kind === 'via' && STRICT) {
    failures.push(`global ${name} read for the kit by a framework helper${times}:\n        ${where}`);
  } else if (kind === 'via') {
    warnings++;
    console.log(`  WARN global ${name} read for the kit by a framework helper${times}:\n        ${where}`);
  } else {
    console.log(`  note: global ${name} at ${where} (not the kit${times})`);
  }
}
if (html) {
  // Kept for a look with KEEP_CONSUMER=1.
  mkdirSync(new URL('./dist/', import.meta.url), {recursive: true});
  writeFileSync(new URL('./dist/server-render.html', import.meta.url), html);
  const hosts = (html.match(/<kit-(incoming|outgoing|ongoing)-call[\s>]/g) ?? []).length;
  console.log(`  rendered ${html.length} characters, ${hosts} screen host elements, ${warnings} warnings`);
}
if (failures.length) {
  for (const failure of failures) {
    console.log(`  FAIL ${failure}`);
  }
  process.exit(1);
}
process.exit(0);
