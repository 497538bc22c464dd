import {Dialog, DialogRef} from '@angular/cdk/dialog';
import {DOCUMENT} from '@angular/common';
import {
  ApplicationRef,
  ComponentRef,
  DestroyRef,
  EnvironmentInjector,
  Injectable,
  createComponent,
  inject,
} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitCallHost} from '../overlay/call-host';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallRegistry} from '../registry/call-registry';
import {KIT_CALL_SESSION} from '../screen/call-session-binding';
import {KitCallsSdk, KitPhoneCallsSdk} from '../sdk/calls-sdk';
import {KitCallSession} from '../session/call-session';
import {KitHeldCallsComponent, KitHoldAndAcceptComponent, kitOtherName} from './held-calls-bar';

/** A call's dialog and its session. */
interface CallDialog {
  ref: DialogRef<unknown, unknown>;
  session: KitCallSession;
}

/**
 * Call waiting with hold (`withHold()`, issue 36): "Hold and accept" in each waiting call's banner puts the call on
 * screen on hold and accepts the waiting one, whose screen opens on top. The calls on hold behind it show in a bar
 * at its top with "Switch", which holds the call on screen, brings the held one to the front and resumes it. Ending
 * the call on screen leaves the held one on screen, still on hold, its "Resume" focused. The screens behind the one
 * on top are inert: keyboard and screen readers reach only the call the user talks in. Done from the outside, as the
 * banner and the dock are, so that an app without `withHold()` ships none of it. @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitHeldCalls {
  readonly #environment = inject(EnvironmentInjector);
  readonly #appRef = inject(ApplicationRef);
  readonly #registry = inject(KitCallRegistry);
  readonly #document = inject(DOCUMENT);
  readonly #overlay = inject(KitCallOverlay);
  readonly #dialog = inject(Dialog);
  readonly #sdk = inject(KitCallsSdk, {optional: true}) as KitPhoneCallsSdk | null;
  /** The "Hold and accept" buttons, by their banner. */
  readonly #buttons = new Map<HTMLElement, ComponentRef<KitHoldAndAcceptComponent>>();
  #bar: ComponentRef<KitHeldCallsComponent> | null = null;
  #subscription: Subscription | null = null;
  /** How many times in a row a waiting call had no banner yet. */
  #retries = 0;
  /** A switch on its way: a second press waits for it. */
  #switching = false;

  constructor() {
    inject(DestroyRef).onDestroy(() => {
      this.#subscription?.unsubscribe();
      this.#buttons.forEach(button => button.destroy());
      this.#removeBar();
    });
  }

  /** Follows the calls and their dialogs (after the banners are placed). Does nothing without `hold`. */
  start(): void {
    if (this.#subscription || !this.#sdk?.hold || !this.#sdk.unhold) {
      return;
    }
    // After Angular rendered what changed (its tick runs on a timer too): the banners then say their session.
    // One look for a burst of changes (a flood of rings during a call): not one per change.
    let due = false;
    const sync = () => {
      if (!due) {
        due = true;
        setTimeout(() => {
          due = false;
          this.#sync();
        });
      }
    };
    this.#subscription = this.#registry.changes.subscribe(sync);
    this.#subscription.add(
      this.#dialog.afterOpened.subscribe(ref => {
        sync();
        ref.closed.subscribe(sync);
      }),
    );
  }

  #sync(): void {
    if (this.#appRef.destroyed) {
      return;
    }
    const banners = new Map(
      Array.from(
        this.#document.querySelectorAll<HTMLElement>('.kit-call-waiting[data-kit-session]'),
        banner => [banner, banner.dataset['kitSession']!],
      ),
    );
    for (const [banner, button] of this.#buttons) {
      if (!banners.has(banner)) {
        this.#buttons.delete(banner);
        this.#appRef.detachView(button.hostView);
        button.destroy();
      }
    }
    banners.forEach((id, banner) => this.#buttons.has(banner) || this.#addButton(banner, id));
    const shown = new Set(banners.values());
    if (!this.#registry.waiting.some(session => !shown.has(session.sessionId))) {
      this.#retries = 0;
    } else if (this.#retries++ < 30) {
      // A banner not rendered yet: looked at again on the next frame (for half a second at most).
      setTimeout(() => this.#sync(), 16);
    }
    this.#arrange();
  }

  /** Puts "Hold and accept" before "End and accept" in a banner. */
  #addButton(banner: HTMLElement, sessionId: string): void {
    const session = this.#registry.find(sessionId);
    const actions = banner.querySelector('.kit-call-waiting-actions');
    if (!session || !actions) {
      return;
    }
    const button = createComponent(KitHoldAndAcceptComponent, {
      environmentInjector: this.#environment,
    });
    button.setInput('name', kitOtherName(session));
    button.setInput('video', session.state.call.type !== 'audio');
    button.instance.press.subscribe(() => void this.#holdAndAccept(session));
    this.#appRef.attachView(button.hostView);
    actions.insertBefore(button.location.nativeElement, actions.lastElementChild);
    this.#buttons.set(banner, button);
  }

  /**
   * Holds every call on screen, then accepts the waiting call on a screen of its own. A call that cannot be held
   * (refused: said through onError by its screen) leaves the waiting call ringing in its banner.
   */
  async #holdAndAccept(session: KitCallSession): Promise<void> {
    const current = this.#registry.sessions.filter(
      other => other !== session && !other.state.waiting && !other.isEnded,
    );
    const held = await Promise.all(
      current.map(other => other.state.hold === 'held' || other.hold!(true)),
    );
    if (held.includes(false) || session.state.phase !== 'ringing') {
      return;
    }
    if (session.state.waiting) {
      session._set({waiting: false});
      this.#overlay._openSession(session);
    }
    await session.accept();
  }

  /** Holds the call on screen, brings the held one to the front and resumes it. */
  async #switch(session: KitCallSession): Promise<void> {
    const top = this.#calls().at(-1);
    if (this.#switching || !top || top.session === session || session.isEnded) {
      return;
    }
    this.#switching = true;
    try {
      if (top.session.state.hold === 'held' || (await top.session.hold!(true))) {
        this.#front(session);
        await session.hold!(false);
      }
    } finally {
      this.#switching = false;
    }
  }

  /** Brings a call's dialog to the front: last among the open dialogs and in the overlay container. */
  #front(session: KitCallSession): void {
    const call = this.#calls().find(dialog => dialog.session === session);
    const open = this.#dialog.openDialogs as DialogRef<unknown, unknown>[];
    if (call) {
      open.splice(open.indexOf(call.ref), 1);
      open.push(call.ref);
      const host = call.ref.overlayRef.hostElement;
      host.parentElement?.append(host);
      this.#arrange(true);
    }
  }

  /** The call dialogs, the one on top last. */
  #calls(): CallDialog[] {
    return this.#dialog.openDialogs
      .filter(ref => ref.componentInstance instanceof KitCallHost)
      .map(ref => ({
        ref,
        session: ref.componentRef!.injector.get(KIT_CALL_SESSION),
      }));
  }

  /**
   * The call on top is the one reachable; those behind it are inert, the live ones listed in its bar (the waiting
   * banners stay first). Once it is alone again, the call left is reachable, its hold button focused.
   */
  #arrange(focusBar = false): void {
    const calls = this.#calls();
    const top = calls.at(-1);
    const live = calls.filter(call => call !== top && !call.session.isEnded);
    // The bar lists the calls on hold (a call behind that is not held, e.g. while the user places another, is not
    // one to switch to).
    const behind = live.filter(call => call.session.state.hold);
    for (const call of calls) {
      const host = call.ref.overlayRef.hostElement;
      const inert = call !== top;
      if (host.inert !== inert) {
        host.inert = inert;
        if (!inert && !live.length) {
          // The call in front of it ended: its Resume is where the keyboard goes.
          host.querySelector<HTMLElement>('.kit-hold-toggle')?.focus();
        }
      }
    }
    if (!top || !behind.length) {
      this.#removeBar();
      return;
    }
    if (!this.#bar) {
      this.#bar = createComponent(KitHeldCallsComponent, {environmentInjector: this.#environment});
      this.#bar.instance.switchTo.subscribe(session => void this.#switch(session));
      this.#appRef.attachView(this.#bar.hostView);
    }
    this.#bar.setInput('session', behind.at(-1)!.session);
    const container = top.ref.componentRef!.location.nativeElement.closest('.cdk-dialog-container');
    const bar: HTMLElement = this.#bar.location.nativeElement;
    if (container && bar.parentElement !== container) {
      container.prepend(bar);
      // The banners of waiting calls stay first, and come along.
      this.#buttons.forEach((_, banner) => container.prepend(banner));
    }
    if (focusBar) {
      this.#bar.changeDetectorRef.detectChanges();
      bar.querySelector<HTMLElement>('.kit-held-call-switch')?.focus();
    }
  }

  #removeBar(): void {
    if (this.#bar) {
      if (!this.#appRef.destroyed) {
        this.#appRef.detachView(this.#bar.hostView);
      }
      this.#bar.destroy();
      this.#bar.location.nativeElement.remove();
      this.#bar = null;
    }
  }
}
