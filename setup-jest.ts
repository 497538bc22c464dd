import {setupZonelessTestEnv} from 'jest-preset-angular/setup-env/zoneless';

setupZonelessTestEnv();

// jsdom plays no media: its HTMLMediaElement play, pause and load report "Not implemented" to the console, a stack
// trace each, in a run that passes. Here they act as a browser whose sound plays silently: play() resolves (as it
// does once autoplay is allowed), pause() and load() do nothing. A spec that needs a refusal stubs play() itself
// (or uses the testing entry's fake player, refusePlay()). Specs in the node environment have no DOM: nothing to do.
if (typeof HTMLMediaElement !== 'undefined') {
  Object.defineProperties(HTMLMediaElement.prototype, {
    play: {configurable: true, writable: true, value: () => Promise.resolve()},
    pause: {configurable: true, writable: true, value: () => {}},
    load: {configurable: true, writable: true, value: () => {}},
  });
}
