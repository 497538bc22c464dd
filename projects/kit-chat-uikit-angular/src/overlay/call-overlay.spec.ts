import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Directionality} from '@angular/cdk/bidi';
import {OverlayContainer} from '@angular/cdk/overlay';
import {Component, inject} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {KitCallEndReason} from '../session/call-session';
import {KitUIKitConfig} from '../core/config';
import {KitCallEventsService} from '../events/call-events';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {KitCall, KitUser} from '../sdk/models';
import {KitCallOverlay} from './call-overlay';
import {KIT_CALL_OVERLAY_DATA, KIT_ONGOING_CALL_COMPONENT} from './call-overlay-config';
import {withCallWaiting} from '../ring/call-features';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const ZED: KitUser = {uid: 'zed', name: 'Zed Shaw'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};

@Component({template: '<button type="button" id="page-button">Page</button>'})
class Page {}

@Component({
  selector: 'kit-test-custom-ongoing',
  template: '<p class="custom-ongoing">In call {{ data.call.sessionId }}</p>',
})
class CustomOngoing {
  readonly data = inject(KIT_CALL_OVERLAY_DATA);
}

describe('KitCallOverlay and the ringer', () => {
  let calls: KitCallsTestingController;
  let overlay: KitCallOverlay;
  let container: HTMLElement;
  let events: string[];
  let page: HTMLElement;

  async function setup(
    {busyPolicy, ...config}: Omit<KitUIKitConfig, 'callsSdk'> = {},
    providers: unknown[] = [],
  ) {
    // The waiting banner is a feature an app names (withCallWaiting); these specs say it as the policy they test.
    const features = busyPolicy === 'wait' ? [withCallWaiting()] : [];
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({config, features}), ...(providers as never[])],
    });
    calls = TestBed.inject(KitCallsTestingController);
    overlay = TestBed.inject(KitCallOverlay);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    events = [];
    const bus = TestBed.inject(KitCallEventsService);
    bus.ccCallAccepted.subscribe(call => events.push(`accepted ${call.status}`));
    bus.ccCallRejected.subscribe(call => events.push(`rejected ${call.status}`));
    bus.ccCallEnded.subscribe(call => events.push(`ended ${call.status}`));
    bus.ccOutgoingCall.subscribe(call => events.push(`outgoing ${call.status}`));
    const fixture = TestBed.createComponent(Page);
    await settle();
    page = fixture.nativeElement;
  }

  /** Lets the switchboard deliver and Angular render (zoneless: both run on timers). */
  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  async function ringFrom(user: KitUser, type = 'audio'): Promise<KitCall> {
    const ringing = calls.farSide.ring(user, calls.me, type);
    await settle();
    return ringing;
  }

  /** Runs a far-side action and lets its answer arrive. */
  async function farSide(action: () => Promise<unknown>): Promise<void> {
    const done = action().catch(() => {});
    await settle();
    await done;
  }

  const find = (selector: string) => container.querySelector<HTMLElement>(selector);
  const click = async (selector: string) => {
    const element = find(selector);
    expect(element).not.toBeNull();
    element!.click();
    await settle();
  };
  const statusOf = (call: KitCall) => calls.switchboard.getCall(call.sessionId)?.status;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  describe('ringing by itself', () => {
    it('should open the incoming screen full-screen when a call arrives, and close it when the caller cancels', async () => {
      await setup();
      const call = await ringFrom(ADA, 'video');
      expect(find('.kit-call-overlay-pane kit-incoming-call')).not.toBeNull();
      expect(find('.kit-incoming-call-title')?.textContent).toContain('Ada Lovelace');
      expect(calls.audio.playing()).toHaveLength(1);

      const closed: KitCallEndReason[] = [];
      overlay.openCalls[0].afterClosed().subscribe(reason => closed.push(reason));
      await farSide(() => calls.farSide.cancel(call.sessionId));
      await settle();
      expect(find('kit-incoming-call')).toBeNull();
      expect(closed).toEqual(['cancelled']);
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should not ring by itself when autoRing is false', async () => {
      await setup({autoRing: false});
      await ringFrom(ADA);
      expect(find('kit-incoming-call')).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should move focus into the screen, keep Escape from dismissing it, and give focus back on close', async () => {
      await setup();
      const button = page.querySelector<HTMLButtonElement>('#page-button')!;
      button.focus();
      const call = await ringFrom(ADA);
      await settle();
      // The dialog itself (named "Incoming voice call from Ada Lovelace") has focus, never accept.
      expect(find('.cdk-dialog-container')).toBe(document.activeElement);
      // The CDK reads keyCode (27), not key: without it, the press would not reach the dialog at all.
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', {key: 'Escape', keyCode: 27, bubbles: true}),
      );
      await settle();
      expect(find('kit-incoming-call')).not.toBeNull();
      expect(statusOf(call)).toBe('initiated');

      await click('.kit-incoming-call-reject-button');
      await settle();
      expect(find('kit-incoming-call')).toBeNull();
      expect(document.activeElement).toBe(button);
    });

    it('should hide the page behind from screen readers while the call is on screen', async () => {
      await setup();
      await ringFrom(ADA);
      const pane = find('.cdk-dialog-container');
      expect(pane?.getAttribute('aria-modal')).toBe('true');
      expect(pane?.getAttribute('role')).toBe('alertdialog');
      const label = document.getElementById(pane!.getAttribute('aria-labelledby')!);
      const description = document.getElementById(pane!.getAttribute('aria-describedby')!);
      expect(label?.textContent?.trim()).toBe('Incoming voice call from Ada Lovelace');
      expect(description?.textContent?.trim()).toBe('Incoming voice call');
      // One dialog per screen: the screen inside the container carries no role of its own.
      expect(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).toHaveLength(1);
      expect(document.querySelectorAll('[aria-modal]')).toHaveLength(1);
      const hostOfPage = page.closest('[id^="root"]') ?? page.parentElement!;
      expect(hostOfPage.getAttribute('aria-hidden')).toBe('true');
    });

    /** The pane around the incoming screen, which carries the overlay's `dir`. */
    const pane = () =>
      find('kit-incoming-call')!.closest(
        '.cdk-overlay-connected-position-bounding-box, .cdk-global-overlay-wrapper',
      )!;

    /** The page's `dir` attribute set, then removed: the pane follows both. */
    async function expectToFollowPageDir(): Promise<void> {
      document.documentElement.setAttribute('dir', 'rtl');
      try {
        await settle();
        expect(pane().getAttribute('dir')).toBe('rtl');
      } finally {
        document.documentElement.removeAttribute('dir');
      }
      await settle();
      expect(pane().getAttribute('dir')).toBe('ltr');
    }

    it('should follow a direction the app changes while the call is on screen', async () => {
      await setup();
      await ringFrom(ADA);
      expect(pane().getAttribute('dir')).toBe('ltr');
      const dir = TestBed.inject(Directionality);
      dir.valueSignal.set('rtl');
      dir.change.emit('rtl');
      await settle();
      expect(pane().getAttribute('dir')).toBe('rtl');
    });

    it("should follow the page's dir attribute when it changes during the call", async () => {
      await setup();
      await ringFrom(ADA);
      await expectToFollowPageDir();
    });

    it("should follow the page's dir attribute in a call that rings after another one closed", async () => {
      // The page's dir is watched once for every call on screen: a later call is followed too.
      await setup({closeDelay: 0});
      const first = await ringFrom(ADA);
      await farSide(() => calls.farSide.cancel(first.sessionId));
      expect(find('kit-incoming-call')).toBeNull();
      await ringFrom(ZED);
      expect(pane().getAttribute('dir')).toBe('ltr');
      await expectToFollowPageDir();
    });

    it("should open in the page's dir attribute set after the app started", async () => {
      // The CDK's Directionality reads the page's direction once, when the app starts.
      await setup();
      document.documentElement.setAttribute('dir', 'rtl');
      try {
        await ringFrom(ADA);
        const pane = find('kit-incoming-call')!.closest('.cdk-global-overlay-wrapper')!;
        expect(pane.getAttribute('dir')).toBe('rtl');
      } finally {
        document.documentElement.removeAttribute('dir');
      }
    });

    it('should stay above overlays opened later', async () => {
      await setup();
      await ringFrom(ADA);
      const host = find('kit-incoming-call')!.closest('.cdk-global-overlay-wrapper') as HTMLElement;
      expect(Number(host.style.zIndex)).toBeGreaterThan(1000);
    });
  });

  describe('every ending is said', () => {
    let said: string[];
    async function setupSaying(config: Omit<KitUIKitConfig, 'callsSdk'> = {}) {
      await setup(config);
      said = [];
      jest
        .spyOn(TestBed.inject(LiveAnnouncer), 'announce')
        .mockImplementation(async message => void said.push(String(message)));
    }

    it('should say that the caller hung up', async () => {
      await setupSaying();
      const call = await ringFrom(ADA);
      await farSide(() => calls.farSide.cancel(call.sessionId));
      await settle();
      expect(said).toEqual(['Incoming voice call from Ada Lovelace', 'The caller hung up']);
    });

    it('should say that the cancel crossed the accept', async () => {
      await setupSaying();
      const call = await ringFrom(ADA);
      jest.spyOn(calls.sdk, 'acceptCall').mockReturnValue(new Promise(() => {}));
      await click('.kit-incoming-call-accept-button');
      expect(find('.kit-incoming-call-status')?.textContent?.trim()).toBe('Connecting…');
      await farSide(() => calls.farSide.cancel(call.sessionId));
      await settle();
      expect(said).toEqual([
        'Incoming voice call from Ada Lovelace',
        'The caller hung up before the call connected',
      ]);
    });

    it('should say a missed call when it rang out', async () => {
      await setupSaying({overlay: {ringTimeout: 1_000}});
      await ringFrom(ADA);
      await settle(1_100);
      expect(said).toEqual(['Incoming voice call from Ada Lovelace', 'Missed call']);
    });

    it('should say that the call ended when the other side hangs up', async () => {
      await setupSaying();
      const call = await ringFrom(ADA);
      await click('.kit-incoming-call-accept-button');
      await farSide(() => calls.farSide.end(call.sessionId));
      await settle();
      expect(said).toEqual(['Incoming voice call from Ada Lovelace', 'Call ended']);
    });

    it('should say a decline, put a focused "Call again" in the place of end call, and place the same call again', async () => {
      await setupSaying({closeDelay: 2000}); // The outcome stays on screen (testing closes endings at once).
      const started = overlay.startCall(ADA, 'video');
      await settle();
      const ref = await started;
      await farSide(() => calls.farSide.reject(ref.call().sessionId));
      await settle();
      expect(said).toEqual(['Calling Ada Lovelace', 'Call declined']);
      // No dead button on a call that is over.
      expect(find('.kit-outgoing-call-end-call-button')).toBeNull();
      const again = find('.kit-outgoing-call-again-button');
      expect(again?.getAttribute('aria-label')).toBe('Call again Ada Lovelace');
      expect(document.activeElement).toBe(again);
      await click('.kit-outgoing-call-again-button');
      await settle();
      expect(overlay.openCalls).toHaveLength(1);
      const second = overlay.openCalls[0];
      expect(second.call().sessionId).not.toBe(ref.call().sessionId);
      expect(second.call().type).toBe('video');
      expect(find('.kit-outgoing-call-subtitle')?.textContent?.trim()).toBe('Calling…');
    });
  });

  describe('endings stay on screen for a moment (closeDelay)', () => {
    const buttonsDisabled = () =>
      ['.kit-incoming-call-accept-button', '.kit-incoming-call-reject-button'].map(selector =>
        find(selector)?.getAttribute('aria-disabled'),
      );

    it('should keep an incoming screen showing "The caller hung up", its buttons hidden, then close', async () => {
      await setup({closeDelay: 2000});
      const call = await ringFrom(ADA);
      find('.kit-incoming-call-reject-button')!.focus();
      await farSide(() => calls.farSide.cancel(call.sessionId));
      await settle();
      expect(find('.kit-incoming-call')?.hidden).toBe(false);
      expect(find('.kit-incoming-call-status')?.textContent?.trim()).toBe('The caller hung up');
      // Hidden but in place, so nothing jumps; focus leaves them for the dialog.
      expect(buttonsDisabled()).toEqual(['true', 'true']);
      expect(find('.kit-incoming-call-trailing')?.style.visibility).toBe('hidden');
      expect(document.activeElement).toBe(find('.cdk-dialog-container'));
      expect(calls.audio.playing()).toEqual([]);
      expect(overlay.openCalls).toHaveLength(1);
      await settle(2_000);
      expect(find('.kit-incoming-call')).toBeNull();
      expect(overlay.openCalls).toHaveLength(0);
    });

    it('should keep an outgoing outcome 5 s when closeDelay is not set (time to press "Call again")', async () => {
      await setup({closeDelay: undefined});
      const started = overlay.startCall(ADA, 'audio');
      await settle();
      const ref = await started;
      await farSide(() => calls.farSide.busy(ref.call().sessionId));
      await settle(4_800);
      expect(find('.kit-outgoing-call-subtitle')?.textContent?.trim()).toBe('Busy');
      expect(find('.kit-outgoing-call-again-button')).not.toBeNull();
      await settle(300);
      expect(find('.kit-outgoing-call')).toBeNull();
    });

    it('should show "Missed call" and "Answered on another device" for a moment as well', async () => {
      await setup({closeDelay: 2000, overlay: {ringTimeout: 1_000}});
      await ringFrom(ADA);
      await settle(1_100);
      expect(find('.kit-incoming-call-status')?.textContent?.trim()).toBe('Missed call');
      await settle(2_000);
      expect(find('.kit-incoming-call')).toBeNull();
      const otherDevice = new KitInMemoryCallsSdk(calls.switchboard, calls.me);
      const call = await ringFrom(ADA);
      await farSide(() => otherDevice.acceptCall(call.sessionId));
      await settle();
      expect(find('.kit-incoming-call-status')?.textContent?.trim()).toBe(
        'Answered on another device',
      );
    });

    it("should close at once on the user's own decline and hang-up", async () => {
      await setup({closeDelay: 2000});
      await ringFrom(ADA);
      await click('.kit-incoming-call-reject-button');
      await settle();
      expect(find('.kit-incoming-call')).toBeNull();
      await ringFrom(ADA);
      await click('.kit-incoming-call-accept-button');
      await settle();
      await click('.kit-ongoing-call-end-call-button');
      await settle();
      expect(find('.kit-ongoing-call')).toBeNull();
    });

    it('should keep the ongoing screen showing "Call ended" when the other side hangs up, then close', async () => {
      await setup({closeDelay: 2000});
      const call = await ringFrom(ADA);
      await click('.kit-incoming-call-accept-button');
      await settle();
      await farSide(() => calls.farSide.end(call.sessionId));
      await settle();
      expect(find('.kit-ongoing-call-status')?.textContent?.trim()).toBe('Call ended');
      expect(find('.kit-ongoing-call-end-call-button')?.getAttribute('aria-disabled')).toBe('true');
      await settle(2_000);
      expect(find('.kit-ongoing-call')).toBeNull();
    });

    it('should let a new call take the screen at once, not answer it busy', async () => {
      await setup({closeDelay: 2000});
      const first = await ringFrom(ADA);
      await farSide(() => calls.farSide.cancel(first.sessionId));
      await settle();
      const second = await ringFrom(ADA);
      expect(overlay.openCalls.map(ref => ref.call().sessionId)).toEqual([second.sessionId]);
      expect(find('.kit-incoming-call-status')?.textContent?.trim()).toBe('');
      expect(buttonsDisabled()).toEqual([null, null]);
      expect(events).not.toContain('rejected busy');
    });
  });

  describe('outgoing to ongoing', () => {
    it('should start a call, publish ccOutgoingCall, and move to the ongoing screen when the callee accepts', async () => {
      await setup();
      const started = overlay.startCall(ADA, 'video', {
        callSettingsBuilder: new KitCallSettingsBuilder(true),
      });
      await settle();
      const ref = await started;
      expect(events).toEqual(['outgoing initiated']);
      expect(find('kit-outgoing-call .kit-outgoing-call-title')?.textContent).toContain(
        'Ada Lovelace',
      );

      await farSide(() => calls.farSide.accept(ref.call().sessionId));
      await settle();
      expect(find('kit-outgoing-call')).toBeNull();
      expect(find('kit-ongoing-call')).not.toBeNull();
      expect(ref.stage()).toBe('ongoing');
      expect(ref.call().settings).toEqual({audioOnly: true, defaultAudioMode: 'SPEAKER'});
      // Audio only: no camera toggle.
      expect(find('.kit-ongoing-call-camera-button')).toBeNull();
      expect(events).toContain('accepted ongoing');
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should place one call when the same person is called twice before the first call ended', async () => {
      // A double press of the app's "Call Ada" button: one call, one screen, the same reference both times.
      await setup();
      const initiate = jest.spyOn(calls.sdk, 'initiateCall');
      const first = overlay.startCall(ADA, 'video');
      const second = overlay.startCall(ADA, 'video');
      await settle();
      const [firstRef, secondRef] = await Promise.all([first, second]);
      expect(secondRef).toBe(firstRef);
      expect(initiate).toHaveBeenCalledTimes(1);
      expect(container.querySelectorAll('kit-outgoing-call')).toHaveLength(1);
      expect(events).toEqual(['outgoing initiated']);

      // Once ongoing, calling the same person again shows the call in progress.
      await farSide(() => calls.farSide.accept(firstRef.call().sessionId));
      await settle();
      expect(await overlay.startCall(ADA)).toBe(firstRef);
      expect(initiate).toHaveBeenCalledTimes(1);
      expect(container.querySelectorAll('kit-ongoing-call')).toHaveLength(1);

      // Once it ended, a new call goes out.
      await click('.kit-ongoing-call-end-call-button');
      await settle();
      const again = overlay.startCall(ADA);
      await settle();
      expect(await again).not.toBe(firstRef);
      expect(initiate).toHaveBeenCalledTimes(2);
    });

    it('should move the callee to the ongoing screen on accept, and end the call from there', async () => {
      await setup();
      const call = await ringFrom(ADA, 'video');
      const ref = overlay.openCalls[0];
      const closed: KitCallEndReason[] = [];
      ref.afterClosed().subscribe(reason => closed.push(reason));
      await click('.kit-incoming-call-accept-button');
      await settle();
      expect(statusOf(call)).toBe('ongoing');
      expect(find('kit-ongoing-call .kit-ongoing-call-name')?.textContent).toContain(
        'Ada Lovelace',
      );

      await click('.kit-ongoing-call-end-call-button');
      await settle();
      expect(statusOf(call)).toBe('ended');
      expect(find('kit-ongoing-call')).toBeNull();
      expect(closed).toEqual(['ended']);
      expect(events.filter(event => event.startsWith('ended'))).toEqual(['ended ended']);
    });

    it('should give focus back to the page once a call that went on to the ongoing screen ends', async () => {
      await setup();
      const button = page.querySelector<HTMLButtonElement>('#page-button')!;
      button.focus();
      await ringFrom(ADA);
      await click('.kit-incoming-call-accept-button');
      await settle();
      expect(
        find('kit-ongoing-call')
          ?.closest('.cdk-dialog-container')
          ?.contains(document.activeElement),
      ).toBe(true);
      await click('.kit-ongoing-call-end-call-button');
      await settle();
      expect(find('kit-ongoing-call')).toBeNull();
      expect(document.activeElement).toBe(button);
    });

    it('should close the ongoing screen when the far side hangs up', async () => {
      await setup();
      const call = await ringFrom(ADA);
      await click('.kit-incoming-call-accept-button');
      await farSide(() => calls.farSide.end(call.sessionId));
      await settle();
      expect(find('kit-ongoing-call')).toBeNull();
      expect(overlay.openCalls).toEqual([]);
    });

    it('should show an app component instead of the ongoing screen, given through a token', async () => {
      await setup({}, [{provide: KIT_ONGOING_CALL_COMPONENT, useValue: CustomOngoing}]);
      const call = await ringFrom(ADA);
      await click('.kit-incoming-call-accept-button');
      await settle();
      expect(find('.custom-ongoing')?.textContent).toContain(call.sessionId);
      expect(find('kit-ongoing-call')).toBeNull();
    });

    it('should show "Busy" on the outgoing screen, then close, when the callee is in another call', async () => {
      await setup({closeDelay: 2000}); // The outcome stays on screen.
      // Ada is in a call with Zed, both played by the far side.
      const busyCall = calls.farSide.ring(ADA, ZED);
      await settle();
      const call = await busyCall;
      await farSide(() => calls.farSide.accept(call.sessionId));
      expect(statusOf(call)).toBe('ongoing');

      const started = overlay.startCall(ADA);
      await settle();
      const ref = await started;
      await settle(200);
      expect(find('.kit-outgoing-call-subtitle')?.textContent).toContain('Busy');
      await settle(3_000);
      expect(ref.stage()).toBe('closed');
      expect(events).toContain('rejected busy');
    });

    it('should show a decline that came before the call had even started, then close', async () => {
      await setup({closeDelay: 2000}); // The outcome stays on screen.
      calls.farSide.setLatency(300);
      const started = overlay.startCall(ADA);
      await settle(10);
      calls.farSide.setLatency(0);
      const call = calls.farSide.lastCallOf('ada')!;
      await farSide(() => calls.farSide.reject(call.sessionId));
      await settle(400);
      const ref = await started;
      await settle();
      expect(find('.kit-outgoing-call-subtitle')?.textContent).toContain('Call declined');
      await settle(3_000);
      expect(ref.stage()).toBe('closed');
      expect(events).toContain('rejected rejected');
    });

    it('should reject a call that cannot start with a KitException, say "Call failed", then close', async () => {
      await setup({closeDelay: 2000}); // The outcome stays on screen.
      calls.farSide.failNext('initiate');
      const started = overlay.startCall(ADA);
      const failure = started.catch(error => error);
      await settle();
      expect((await failure).code).toBe('ERR_CALL_FAILED');
      expect(find('.kit-outgoing-call-subtitle')?.textContent).toContain('Call failed');
      expect(calls.audio.playing()).toEqual([]);
      await settle(2_100);
      expect(find('kit-outgoing-call')).toBeNull();
      expect(overlay.openCalls).toEqual([]);
      expect(events).toEqual([]);
    });
  });

  describe('policies', () => {
    it('should answer busy to a second call while one rings, leaving the first untouched', async () => {
      await setup();
      const first = await ringFrom(ADA);
      const second = await ringFrom(ZED);
      expect(statusOf(second)).toBe('busy');
      expect(statusOf(first)).toBe('initiated');
      expect(container.querySelectorAll('kit-incoming-call')).toHaveLength(1);
      expect(calls.audio.playing()).toHaveLength(1);
    });

    it('should answer busy to a second call during an ongoing call', async () => {
      await setup();
      const first = await ringFrom(ADA);
      await click('.kit-incoming-call-accept-button');
      const second = await ringFrom(ZED);
      expect(statusOf(second)).toBe('busy');
      expect(statusOf(first)).toBe('ongoing');
      expect(find('kit-ongoing-call')).not.toBeNull();
    });

    it('should show a waiting call as a banner whose decline never touches the call on screen', async () => {
      // The banner is shown here while the first call still rings; the ongoing case is in the End and accept specs.
      await setup({busyPolicy: 'wait'});
      const first = await ringFrom(ADA);
      const second = await ringFrom(ZED, 'video');
      expect(find('.kit-call-waiting-name')?.textContent?.trim()).toBe('Zed Shaw');
      expect(find('.kit-call-waiting-type')?.textContent?.trim()).toBe('Incoming video call');
      expect(find('kit-call-waiting kit-avatar')?.getAttribute('aria-hidden')).toBe('true');
      expect(find('.kit-call-waiting-decline')?.getAttribute('aria-label')).toBe(
        'Decline video call from Zed Shaw',
      );
      // Inside the call screen's dialog, so inside its focus trap: reachable with Tab.
      expect(
        find('.cdk-dialog-container kit-call-waiting .kit-call-waiting-decline'),
      ).not.toBeNull();
      expect(statusOf(second)).toBe('initiated');
      expect(calls.audio.playing()).toHaveLength(1);

      await click('.kit-call-waiting-decline');
      expect(statusOf(second)).toBe('rejected');
      expect(events).toEqual(['rejected rejected']);
      expect(statusOf(first)).toBe('initiated');
      expect(find('kit-call-waiting')).toBeNull();
      expect(find('.kit-incoming-call-title')?.textContent).toContain('Ada Lovelace');
    });

    it('should announce a waiting call like any incoming call', async () => {
      await setup({busyPolicy: 'wait'});
      const said: string[] = [];
      jest
        .spyOn(TestBed.inject(LiveAnnouncer), 'announce')
        .mockImplementation(async message => void said.push(String(message)));
      await ringFrom(ADA);
      await ringFrom(ZED, 'video');
      expect(said).toEqual([
        'Incoming voice call from Ada Lovelace',
        'Incoming video call from Zed Shaw',
      ]);
    });

    it('should end the call on screen and accept the waiting one on "End and accept"', async () => {
      await setup({busyPolicy: 'wait'});
      const first = await ringFrom(ADA);
      const second = await ringFrom(ZED, 'video');
      const button = find('.kit-call-waiting-end-and-accept');
      expect(button?.getAttribute('aria-label')).toBe(
        'End current call and accept video call from Zed Shaw',
      );
      await click('.kit-call-waiting-end-and-accept');
      await settle();
      await settle();
      expect(statusOf(first)).toBe('rejected');
      expect(statusOf(second)).toBe('ongoing');
      expect(find('kit-call-waiting')).toBeNull();
      expect(find('kit-incoming-call')).toBeNull();
      expect(find('kit-ongoing-call .kit-ongoing-call-name')?.textContent).toContain('Zed Shaw');
      expect(overlay.openCalls.map(ref => ref.call().sessionId)).toEqual([second.sessionId]);
    });

    it('should accept the waiting call on "End and accept" when the call on screen is ongoing', async () => {
      // The in-memory SDK says onCallEnded before endCall resolves: the hang-up still counts as the call ended.
      await setup({busyPolicy: 'wait'});
      const first = await ringFrom(ADA);
      const second = await ringFrom(ZED, 'video');
      await click('.kit-incoming-call-accept-button');
      await settle();
      expect(statusOf(first)).toBe('ongoing');
      expect(find('kit-call-waiting')).not.toBeNull();
      await click('.kit-call-waiting-end-and-accept');
      await settle();
      await settle();
      expect(statusOf(first)).toBe('ended');
      expect(statusOf(second)).toBe('ongoing');
      expect(find('kit-incoming-call')).toBeNull();
      expect(find('kit-ongoing-call .kit-ongoing-call-name')?.textContent).toContain('Zed Shaw');
      expect(overlay.openCalls.map(ref => ref.call().sessionId)).toEqual([second.sessionId]);
    });

    it('should accept the waiting call on "End and accept" while the call on screen is still connecting', async () => {
      // The user accepted Ada, and the SDK takes its time ("Connecting…"): the press still ends Ada and takes Zed.
      await setup({busyPolicy: 'wait'});
      const first = await ringFrom(ADA);
      const second = await ringFrom(ZED, 'video');
      calls.farSide.setLatency(300);
      await click('.kit-incoming-call-accept-button');
      expect(find('.kit-incoming-call-status')?.textContent?.trim()).toBe('Connecting…');
      await click('.kit-call-waiting-end-and-accept');
      await settle(1000);
      await settle(1000);
      expect(statusOf(first)).not.toBe('ongoing');
      expect(statusOf(first)).not.toBe('initiated');
      expect(statusOf(second)).toBe('ongoing');
      expect(find('kit-call-waiting')).toBeNull();
      expect(find('kit-ongoing-call .kit-ongoing-call-name')?.textContent).toContain('Zed Shaw');
      expect(overlay.openCalls.map(ref => ref.call().sessionId)).toEqual([second.sessionId]);
    });

    it('should leave the other waiting caller ringing in its banner on "End and accept"', async () => {
      await setup({busyPolicy: 'wait', maxWaitingCalls: 2});
      const first = await ringFrom(ADA);
      const second = await ringFrom(ZED, 'video');
      const third = await ringFrom(BOB);
      expect(container.querySelectorAll('kit-call-waiting')).toHaveLength(2);
      const zeds = container.querySelector<HTMLElement>(
        '.kit-call-waiting-end-and-accept[aria-label*="Zed Shaw"]',
      );
      zeds!.click();
      await settle();
      await settle();
      expect(statusOf(first)).toBe('rejected');
      expect(statusOf(second)).toBe('ongoing');
      // Only the call on screen is ended: the other waiting call still rings, in its banner.
      expect(statusOf(third)).toBe('initiated');
      const banners = container.querySelectorAll('kit-call-waiting');
      expect(banners).toHaveLength(1);
      expect(banners[0].querySelector('.kit-call-waiting-name')?.textContent?.trim()).toBe(
        'Bob Kahn',
      );
      expect(find('kit-ongoing-call .kit-ongoing-call-name')?.textContent).toContain('Zed Shaw');
      expect(events).toEqual(['rejected rejected', 'accepted ongoing']);
    });

    it('should keep the waiting call ringing when the call on screen cannot be ended', async () => {
      await setup({busyPolicy: 'wait'});
      const first = await ringFrom(ADA);
      const second = await ringFrom(ZED);
      jest.spyOn(calls.sdk, 'rejectCall').mockRejectedValue(new Error('network down'));
      await click('.kit-call-waiting-end-and-accept');
      await settle();
      expect(statusOf(first)).toBe('initiated');
      expect(statusOf(second)).toBe('initiated');
      expect(find('kit-call-waiting')).not.toBeNull();
    });

    it('should remove the banner when the waiting caller gives up', async () => {
      await setup({busyPolicy: 'wait'});
      await ringFrom(ADA);
      const second = await ringFrom(ZED);
      await farSide(() => calls.farSide.cancel(second.sessionId));
      expect(find('kit-call-waiting')).toBeNull();
      expect(find('kit-incoming-call')).not.toBeNull();
    });

    it('should ring a waiting call on the full screen once the call on screen ends', async () => {
      await setup({busyPolicy: 'wait'});
      const first = await ringFrom(ADA);
      await ringFrom(ZED);
      await farSide(() => calls.farSide.cancel(first.sessionId));
      await settle();
      expect(find('kit-call-waiting')).toBeNull();
      expect(find('.kit-incoming-call-title')?.textContent).toContain('Zed Shaw');
    });

    it('should ring a waiting call on the full screen once my own outgoing call ends', async () => {
      await setup({busyPolicy: 'wait'});
      const started = overlay.startCall(ZED);
      await settle();
      const mine = (await started).call();
      await ringFrom(ADA);
      expect(find('kit-call-waiting')).not.toBeNull();
      await farSide(() => calls.farSide.reject(mine.sessionId));
      await settle(3_000);
      expect(find('kit-call-waiting')).toBeNull();
      expect(find('.kit-incoming-call-title')?.textContent).toContain('Ada Lovelace');
    });

    it('should end a call that rings too long as "unanswered", and only that call', async () => {
      await setup({overlay: {ringTimeout: 45_000}});
      const call = await ringFrom(ADA);
      const closed: KitCallEndReason[] = [];
      overlay.openCalls[0].afterClosed().subscribe(reason => closed.push(reason));
      await settle(44_000);
      expect(find('kit-incoming-call')).not.toBeNull();
      await settle(1_000);
      expect(closed).toEqual(['unanswered']);
      expect(statusOf(call)).toBe('unanswered');
      expect(find('kit-incoming-call')).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should not let the ring timer of an accepted call end it', async () => {
      await setup({overlay: {ringTimeout: 1_000}});
      const call = await ringFrom(ADA);
      await settle(900);
      await click('.kit-incoming-call-accept-button');
      await settle(5_000);
      expect(statusOf(call)).toBe('ongoing');
      expect(find('kit-ongoing-call')).not.toBeNull();
    });

    it('should let an accept in flight win over the ring timeout (race case 6)', async () => {
      await setup({overlay: {ringTimeout: 3_000}});
      calls.farSide.setLatency(300);
      const ringing = calls.farSide.ring(ADA, calls.me);
      await settle(400);
      const call = await ringing;
      await settle(2_500);
      find('.kit-incoming-call-accept-button')!.click();
      await settle(1_000);
      expect(statusOf(call)).toBe('ongoing');
      expect(find('kit-ongoing-call')).not.toBeNull();
    });

    it('should report a time-out the SDK refuses, keep the call on screen, and try again', async () => {
      const errors: string[] = [];
      await setup({overlay: {ringTimeout: 1_000}, onError: error => errors.push(error.code)});
      const call = await ringFrom(ADA);
      calls.farSide.failNext('reject');
      await settle(1_000);
      expect(errors).toEqual(['ERR_CALL_FAILED']);
      expect(statusOf(call)).toBe('initiated');
      expect(find('kit-incoming-call')).not.toBeNull();
      await settle(1_000);
      expect(statusOf(call)).toBe('unanswered');
      expect(find('kit-incoming-call')).toBeNull();
    });

    it('should time out an outgoing call that nobody answers', async () => {
      await setup({overlay: {ringTimeout: 30_000}, closeDelay: 2000});
      const started = overlay.startCall(ADA);
      await settle();
      const ref = await started;
      await settle(30_000);
      expect(statusOf(ref.call())).toBe('unanswered');
      expect(find('.kit-outgoing-call-subtitle')?.textContent).toContain('No answer');
      expect(calls.audio.playing()).toEqual([]);
      await settle(3_000);
      expect(ref.stage()).toBe('closed');
      expect(find('kit-outgoing-call')).toBeNull();
      expect(events).toContain('ended unanswered');
    });

    it('should ignore a duplicate ring of the call on screen and a ghost ring of an ended call', async () => {
      await setup();
      const call = await ringFrom(ADA);
      calls.sdk._deliver('onIncomingCallReceived', call);
      await settle();
      expect(container.querySelectorAll('kit-incoming-call')).toHaveLength(1);

      await click('.kit-incoming-call-reject-button');
      calls.sdk._deliver('onIncomingCallReceived', call);
      await settle();
      expect(find('kit-incoming-call')).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should resolve glare to the call of the smaller uid: the other side withdraws its own call', async () => {
      // "me" calls "ada" while "ada" calls "me": "ada" < "me", so ada's call wins on both sides.
      await setup();
      const started = overlay.startCall(ADA);
      await settle();
      const mine = (await started).call();
      const theirs = await ringFrom(ADA);
      expect(statusOf(mine)).toBe('cancelled');
      expect(find('kit-outgoing-call')).toBeNull();
      expect(find('.kit-incoming-call-title')?.textContent).toContain('Ada Lovelace');
      expect(statusOf(theirs)).toBe('initiated');
    });

    it('should keep its own call when it wins the glare, and not ring for the crossing call', async () => {
      // "me" < "zed": my call wins; zed's crossing call does not ring here.
      await setup();
      const started = overlay.startCall(ZED);
      await settle();
      const mine = (await started).call();
      await ringFrom(ZED);
      expect(statusOf(mine)).toBe('initiated');
      expect(find('kit-outgoing-call')).not.toBeNull();
      expect(find('kit-incoming-call')).toBeNull();
    });

    it('should answer busy a new ring from the person of my connected call: glare is for crossing rings', async () => {
      // "ada" < "me" and "me" < "zed": neither call I placed is withdrawn, neither ring is dropped unanswered.
      await setup();
      const mine: KitCall[] = [];
      for (const user of [ADA, ZED]) {
        const started = overlay.startCall(user);
        await settle();
        const ref = await started;
        void calls.farSide.accept(ref.call().sessionId);
        await settle();
        mine.push(ref.call());
        const theirs = await ringFrom(user);
        await settle();
        expect(statusOf(theirs)).toBe('busy');
        expect(statusOf(ref.call())).toBe('ongoing');
        await click('.kit-ongoing-call-end-call-button');
        await settle(3_000);
      }
      expect(mine.map(statusOf)).toEqual(['ended', 'ended']);
    });

    it('should stop ringing and close when another device of the same user answers', async () => {
      await setup();
      const otherDevice = new KitInMemoryCallsSdk(calls.switchboard, calls.me);
      const call = await ringFrom(ADA);
      const closed: KitCallEndReason[] = [];
      overlay.openCalls[0].afterClosed().subscribe(reason => closed.push(reason));
      otherDevice.acceptCall(call.sessionId);
      await settle();
      await settle(3_000);
      expect(closed).toEqual(['accepted-elsewhere']);
      expect(find('kit-incoming-call')).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
      otherDevice.dispose();
    });

    it('should close, silent, when another device answers while my accept is in flight (race case 3)', async () => {
      await setup();
      calls.farSide.setLatency(300);
      const otherDevice = new KitInMemoryCallsSdk(calls.switchboard, calls.me);
      const ringing = calls.farSide.ring(ADA, calls.me);
      await settle(400);
      const call = await ringing;
      const closed: KitCallEndReason[] = [];
      overlay.openCalls[0].afterClosed().subscribe(reason => closed.push(reason));
      otherDevice.acceptCall(call.sessionId).catch(() => {});
      find('.kit-incoming-call-accept-button')!.click();
      await settle(1_000);
      expect(closed).toEqual(['accepted-elsewhere']);
      expect(find('kit-incoming-call')).toBeNull();
      expect(find('kit-ongoing-call')).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
      otherDevice.dispose();
    });
  });

  describe('teardown', () => {
    it('should leave no overlay, sound, timer or SDK listener behind after each way out', async () => {
      await setup({overlay: {ringTimeout: 10_000}});
      await settle();
      const baselineListeners = calls.sdk.listenerCount;
      const ways: (() => Promise<void>)[] = [
        async () => {
          const call = await ringFrom(ADA);
          await farSide(() => calls.farSide.cancel(call.sessionId));
        },
        async () => {
          await ringFrom(ADA);
          await click('.kit-incoming-call-reject-button');
        },
        async () => {
          await ringFrom(ADA);
          await click('.kit-incoming-call-accept-button');
          await click('.kit-ongoing-call-end-call-button');
        },
        async () => {
          await ringFrom(ADA);
          await settle(10_000);
        },
        async () => {
          const started = overlay.startCall(ADA);
          await settle();
          const ref = await started;
          await farSide(() => calls.farSide.reject(ref.call().sessionId));
        },
      ];
      for (const way of ways) {
        await way();
        await settle(5_000);
        expect(container.querySelectorAll('.cdk-overlay-pane')).toHaveLength(0);
        expect(calls.audio.playing()).toEqual([]);
        expect(calls.sdk.listenerCount).toBe(baselineListeners);
        expect(jest.getTimerCount()).toBe(0);
        expect(overlay.openCalls).toEqual([]);
      }
    });
  });
});
