import {DOCUMENT} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  afterNextRender,
  inject,
  input,
  signal,
} from '@angular/core';
import {MatButtonModule} from '@angular/material/button';
import {KitIconComponent, kitInitials} from 'kit-chat-uikit-angular';
import {KitPushCalls} from 'kit-chat-uikit-angular/push';
import {DemoLog} from './demo-log';
import {DemoPerson} from './people';

/** The demo's service worker on the in-memory SDK: kit-call-sw.js and a stand-in push (`public/demo-sw.js`). */
export const DEMO_PUSH_WORKER = 'demo-sw.js';

/** How long after the last tab of the user closed the call rings, in ms. */
const RING_AFTER_CLOSE = 3000;
/** How long the offer waits for the tab to be closed, in ms. */
const CLOSE_WITHIN = 120000;
/** Where the worker keeps what happened to those calls (`demo-sw.js`). */
const OUTCOMES = 'kit-demo-push';

/** How long the notification rings before the caller gives up, in ms: the kit's ring time-out, or `?ringTimeout`. */
function ringTime(search: string): number {
  const ringTimeout = Number(new URLSearchParams(search).get('ringTimeout'));
  return Number.isFinite(ringTimeout) && ringTimeout > 0 ? ringTimeout : 45000;
}

/** What happened to a call that rang the closed demo, as the worker keeps it. */
interface DemoPushOutcome {
  outcome: 'declined' | 'missed' | 'expired';
  user: string;
  video: boolean;
  caller: {name?: string; uid?: string};
}

/**
 * "Close this tab, then ring me": a call that reaches the user while no tab of the demo is open. The demo's worker
 * (kit-call-sw.js of `kit-chat-uikit-angular/push`, with a stand-in for the push service) shows the kit's
 * incoming-call notification once this tab is closed; Accept opens the demo, which answers at once
 * (`withPushCalls()`), and Decline ends the call without opening it. The next page's log says what happened.
 */
@Component({
  selector: 'demo-closed-tab-ring',
  imports: [MatButtonModule, KitIconComponent],
  template: `
    <h3 class="demo-subtitle" id="closed-tab-title">When this tab is closed</h3>
    <p class="demo-help" id="closed-tab-help">
      {{ caller().name }} rings you by video {{ ringAfterSeconds }} s after you close this tab: the
      call's notification shows, Accept opens the demo on the call. Nothing leaves your browser: the
      demo's service worker plays the push.
    </p>
    <div class="demo-actions">
      <button
        mat-stroked-button
        type="button"
        data-testid="ring-when-closed"
        aria-describedby="closed-tab-help"
        [disabled]="state() === 'preparing'"
        (click)="ringWhenClosed()"
      >
        <kit-icon name="call" aria-hidden="true" />
        Close this tab, then ring me
      </button>
    </div>
    <p class="demo-help demo-closed-tab-status" role="status" data-testid="ring-when-closed-status">
      {{ status() }}
    </p>
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoClosedTabRing {
  private readonly _document = inject(DOCUMENT);
  private readonly _log = inject(DemoLog);
  readonly #push = inject(KitPushCalls);
  protected readonly ringAfterSeconds = RING_AFTER_CLOSE / 1000;
  protected readonly state = signal<'idle' | 'preparing' | 'armed' | 'failed'>('idle');
  protected readonly status = signal('');

  /** The logged-in user. */
  readonly me = input.required<DemoPerson>();
  /** Who rings. */
  readonly caller = input.required<DemoPerson>();

  constructor() {
    afterNextRender(() => void this._logOutcomes());
  }

  /** Registers the worker and asks it to ring once this tab is closed. */
  protected async ringWhenClosed(): Promise<void> {
    const view = this._document.defaultView;
    if (!view?.navigator.serviceWorker || !('Notification' in view)) {
      this._fail(
        'This browser has no service worker or notifications here (the page must be https or localhost).',
      );
      return;
    }
    this.state.set('preparing');
    this.status.set('');
    try {
      if (Notification.permission === 'default') {
        await Notification.requestPermission();
      }
      if (Notification.permission !== 'granted') {
        this._fail(
          'Notifications are blocked for this site: allow them in the browser, then try again.',
        );
        return;
      }
      // The worker's URL with the kit's words (`?lang=de`: the notification in German).
      const registration = await view.navigator.serviceWorker.register(this.#push.scriptUrl);
      const worker = await activeWorker(registration);
      worker.postMessage({kitDemoPush: this._request(registration.scope)});
      this.state.set('armed');
      const until = new Date(Date.now() + CLOSE_WITHIN).toLocaleTimeString();
      this.status.set(
        `Close this tab now: ${this.caller().name} rings you ${this.ringAfterSeconds} s after it closes (if it closes by ${until}).`,
      );
    } catch (error) {
      this._fail(`The demo's service worker could not start: ${error}`);
    }
  }

  /** The stand-in push's order: the `kitCall` ring message a push would carry, and when to deliver it. */
  private _request(scope: string) {
    const me = this.me();
    const caller = this.caller();
    const callId = `demo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    // The page Accept opens: this demo as me, where the caller rings again with the same call id (the server's
    // hand-over, played): the kit answers that call, and only that one.
    const url = new URL(this._document.defaultView!.location.href);
    for (const name of ['ring', 'type', 'call', 'kitCallAccept']) {
      url.searchParams.delete(name);
    }
    url.searchParams.set('user', me.uid);
    url.searchParams.set('ring', caller.uid);
    url.searchParams.set('type', 'video');
    url.searchParams.set('call', callId);
    return {
      user: me.uid,
      after: RING_AFTER_CLOSE,
      within: CLOSE_WITHIN,
      ringTime: ringTime(url.search),
      ring: {
        kitCall: {
          type: 'ring',
          callId,
          video: true,
          caller: {uid: caller.uid, name: caller.name, avatar: this._avatar(caller)},
          url: url.href,
          declineUrl: new URL(`demo-push/decline?call=${callId}`, scope).href,
        },
      },
    };
  }

  /** The caller's picture, or their initials drawn as the kit's avatar draws them (a notification needs an image). */
  private _avatar(person: DemoPerson): string | undefined {
    if (person.avatar && !person.avatar.startsWith('data:')) {
      return person.avatar;
    }
    const canvas = this._document.createElement('canvas');
    canvas.width = canvas.height = 192;
    const context = canvas.getContext('2d');
    if (!context) {
      return undefined;
    }
    const hue = demoHue(person.name);
    const gradient = context.createLinearGradient(0, 0, 0, 192);
    gradient.addColorStop(0, `oklch(52% 0.13 ${hue})`);
    gradient.addColorStop(1, `oklch(40% 0.13 ${hue})`);
    context.fillStyle = gradient;
    context.beginPath();
    context.arc(96, 96, 96, 0, 2 * Math.PI);
    context.fill();
    context.fillStyle = '#fff';
    context.font = '500 76px Roboto, sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(kitInitials(person.name), 96, 100);
    return canvas.toDataURL('image/png');
  }

  private _fail(message: string): void {
    this.state.set('failed');
    this.status.set(message);
  }

  /** What happened to the calls that rang while the demo was closed (kept by the worker), in the log. */
  private async _logOutcomes(): Promise<void> {
    const caches = this._document.defaultView?.caches;
    try {
      // Only a demo whose worker kept something has the store: the others do not create it.
      if (!caches || !(await caches.has(OUTCOMES))) {
        return;
      }
      const store = await caches.open(OUTCOMES);
      const stored = await store.match('outcomes');
      const outcomes = ((await stored?.json()) ?? []) as DemoPushOutcome[];
      const mine = outcomes.filter(outcome => outcome.user === this.me().uid);
      for (const outcome of mine) {
        this._log.write('info', 'Far side', describeOutcome(outcome));
      }
      if (mine.length) {
        const others = outcomes.filter(outcome => !mine.includes(outcome));
        await store.put('outcomes', new Response(JSON.stringify(others)));
      }
    } catch {
      // No Cache Storage here (a private window may refuse it): nothing to tell.
    }
  }
}

/** Waits for the registration's worker to be active (a new one installs first). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const pending = registration.installing ?? registration.waiting;
  if (!pending) {
    return registration.active
      ? Promise.resolve(registration.active)
      : Promise.reject(new Error('no worker'));
  }
  return new Promise((done, fail) => {
    const onChange = () => {
      if (pending.state === 'activated') {
        done(pending);
      } else if (pending.state === 'redundant') {
        fail(new Error('the worker did not install'));
      }
    };
    pending.addEventListener('statechange', onChange);
    onChange();
  });
}

/** The hue of the kit's initials avatar for a name (the same computation as `<kit-avatar>`). */
function demoHue(name: string): number {
  let hue = 0;
  for (const char of name) {
    hue = (hue * 31 + char.charCodeAt(0)) % 360;
  }
  return hue;
}

function describeOutcome({outcome, caller, video}: DemoPushOutcome): string {
  const call = `${caller.name ?? caller.uid}'s ${video ? 'video' : 'voice'} call`;
  switch (outcome) {
    case 'declined':
      return `While the demo was closed, you declined ${call} on its notification.`;
    case 'missed':
      return `While the demo was closed, you missed ${call}: nobody answered its notification.`;
    default:
      return `${call} never rang: the tab stayed open.`;
  }
}
