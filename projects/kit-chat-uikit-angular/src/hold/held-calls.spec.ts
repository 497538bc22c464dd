import {OverlayContainer} from '@angular/cdk/overlay';
import {Component, inject} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {
  KIT_TESTING_ME,
  KitCallsTestingController,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {KitInMemoryMediaCallsSdk, KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';
import {withCallWaiting} from '../ring/call-features';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {withHold} from './hold-feature';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const ZED: KitUser = {uid: 'zed', name: 'Zed Shaw'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};

@Component({template: ''})
class Page {}

describe('withHold() with call waiting: Hold and accept, Switch, Resume', () => {
  let calls: KitCallsTestingController;
  let container: HTMLElement;
  let errors: KitException[];

  /** @param holds Whether the adapter can hold (the in-memory SDK with media can; the plain one cannot). */
  async function setup(holds = true): Promise<void> {
    errors = [];
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          config: {onError: error => errors.push(error)},
          features: [withCallWaiting(), withHold()],
        }),
        ...(holds
          ? [
              {
                provide: KitCallsSdk,
                useFactory: () =>
                  new KitInMemoryMediaCallsSdk(
                    inject(KitInMemorySwitchboard),
                    KIT_TESTING_ME,
                    null,
                  ),
              },
            ]
          : []),
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    TestBed.createComponent(Page);
    await settle();
  }

  /** Lets the switchboard deliver and Angular render (zoneless: both run on timers). */
  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  /** A call with Ada on screen, and Zed ringing in the banner. */
  async function adaThenZed(): Promise<[KitCall, KitCall]> {
    const ringing = calls.farSide.ring(ADA, calls.me, 'audio');
    await settle();
    const ada = await ringing;
    click('.kit-incoming-call-accept-button');
    await settle();
    const waiting = calls.farSide.ring(ZED, calls.me, 'video');
    await settle();
    return [ada, await waiting];
  }

  function click(selector: string, root: ParentNode = container): void {
    const button = root.querySelector<HTMLElement>(selector);
    expect(button).not.toBeNull();
    button!.click();
  }

  /** The call screens' overlays, the one on top last, each with its name and whether it is inert. */
  const screens = () =>
    [...container.querySelectorAll<HTMLElement>('.cdk-overlay-pane')].map(pane => ({
      pane,
      name: pane
        .querySelector('.kit-ongoing-call-name, .kit-call-screen-name, h1, h2')
        ?.textContent?.trim(),
      inert: (pane.parentElement as HTMLElement).inert,
      hold: pane.querySelector('.kit-hold-toggle')?.getAttribute('aria-label'),
      note: pane.querySelector('.kit-ongoing-call-note')?.textContent?.trim() ?? '',
    }));
  const bar = () =>
    [...container.querySelectorAll('.kit-held-call')].map(held => ({
      text: [...held.querySelectorAll('.kit-held-call-text > span')]
        .map(span => span.textContent!.trim())
        .join(' '),
      button: held.querySelector('.kit-held-call-switch')!.getAttribute('aria-label'),
    }));
  const statusOf = (call: KitCall) => calls.switchboard.getCall(call.sessionId)?.status;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  it('should offer Hold and accept between Decline and End and accept, named for the waiting call', async () => {
    await setup();
    await adaThenZed();
    const banner = container.querySelector('.kit-call-waiting')!;
    const labels = [...banner.querySelectorAll('.kit-call-waiting-actions button')].map(button =>
      button.getAttribute('aria-label'),
    );
    expect(labels).toEqual([
      'Decline video call from Zed Shaw',
      'Hold the current call and accept the video call from Zed Shaw',
      expect.stringMatching(/^End .*Zed Shaw/),
    ]);
  });

  it('should hold the call on screen and connect the waiting one; Switch twice; end one, Resume the other', async () => {
    await setup();
    const [ada, zed] = await adaThenZed();
    click('.kit-call-waiting-hold-and-accept');
    await settle();
    expect([statusOf(ada), statusOf(zed)]).toEqual(['ongoing', 'ongoing']);
    expect(container.querySelector('.kit-call-waiting')).toBeNull();
    let [first, second] = screens();
    expect(first).toMatchObject({inert: true, hold: 'Resume', note: 'On hold'});
    expect(second).toMatchObject({inert: false, hold: 'Hold', note: ''});
    expect(second.pane.textContent).toContain('Zed Shaw');
    expect(bar()).toEqual([
      {text: 'Ada Lovelace On hold', button: 'Switch to the call with Ada Lovelace'},
    ]);
    expect(second.pane.parentElement!.contains(container.querySelector('.kit-held-calls'))).toBe(
      true,
    );

    // Switch: Zed goes on hold, Ada comes to the front and off hold.
    click('.kit-held-call-switch');
    await settle();
    [first, second] = screens();
    expect(second.pane.textContent).toContain('Ada Lovelace');
    expect(second).toMatchObject({inert: false, hold: 'Hold', note: ''});
    expect(first).toMatchObject({inert: true, hold: 'Resume', note: 'On hold'});
    expect(bar()).toEqual([{text: 'Zed Shaw On hold', button: 'Switch to the call with Zed Shaw'}]);
    expect(document.activeElement?.classList).toContain('kit-held-call-switch');

    // And back.
    click('.kit-held-call-switch');
    await settle();
    [first, second] = screens();
    expect(second.pane.textContent).toContain('Zed Shaw');
    expect(second).toMatchObject({inert: false, hold: 'Hold'});
    expect(first).toMatchObject({inert: true, hold: 'Resume'});

    // Zed's call ends: Ada's is on screen alone, still on hold, its Resume focused.
    click('.kit-ongoing-call-end-call-button', second.pane);
    await settle(1_000);
    expect(statusOf(zed)).not.toBe('ongoing');
    expect(statusOf(ada)).toBe('ongoing');
    expect(screens()).toEqual([expect.objectContaining({inert: false, hold: 'Resume'})]);
    expect(bar()).toEqual([]);
    expect(document.activeElement?.classList).toContain('kit-hold-toggle');
    click('.kit-hold-toggle');
    await settle();
    expect(screens()).toEqual([expect.objectContaining({hold: 'Hold', note: ''})]);
    expect(errors).toEqual([]);
  });

  it('should hold and accept a third call while one is already on hold, leaving that one held', async () => {
    await setup();
    const [ada, zed] = await adaThenZed();
    click('.kit-call-waiting-hold-and-accept');
    await settle();
    const ringing = calls.farSide.ring(BOB, calls.me, 'audio');
    await settle();
    const bob = await ringing;
    expect(container.querySelector('.kit-call-waiting')?.textContent).toContain('Bob Kahn');
    click('.kit-call-waiting-hold-and-accept');
    await settle();
    expect([statusOf(ada), statusOf(zed), statusOf(bob)]).toEqual([
      'ongoing',
      'ongoing',
      'ongoing',
    ]);
    expect(container.querySelector('.kit-call-waiting')).toBeNull();
    const [first, second, third] = screens();
    expect(first).toMatchObject({inert: true, hold: 'Resume', note: 'On hold'});
    expect(second).toMatchObject({inert: true, hold: 'Resume', note: 'On hold'});
    expect(third).toMatchObject({inert: false, hold: 'Hold', note: ''});
    expect(third.pane.textContent).toContain('Bob Kahn');
    expect(errors).toEqual([]);
  });

  it('should Switch to a held call when the user already put the call on screen on hold', async () => {
    await setup();
    await adaThenZed();
    click('.kit-call-waiting-hold-and-accept');
    await settle();
    // The user holds Zed's call too, then switches to Ada's.
    click('.kit-hold-toggle', screens().at(-1)!.pane);
    await settle();
    expect(screens().at(-1)).toMatchObject({hold: 'Resume', note: 'On hold'});
    click('.kit-held-call-switch');
    await settle();
    const [first, second] = screens();
    expect(second.pane.textContent).toContain('Ada Lovelace');
    expect(second).toMatchObject({inert: false, hold: 'Hold', note: ''});
    expect(first.pane.textContent).toContain('Zed Shaw');
    expect(first).toMatchObject({inert: true, hold: 'Resume', note: 'On hold'});
    expect(errors).toEqual([]);
  });

  it('should switch once for Switch pressed twice in one tick', async () => {
    await setup();
    await adaThenZed();
    click('.kit-call-waiting-hold-and-accept');
    await settle();
    const hold = jest.spyOn(TestBed.inject(KitCallsSdk) as KitInMemoryMediaCallsSdk, 'hold');
    const unhold = jest.spyOn(TestBed.inject(KitCallsSdk) as KitInMemoryMediaCallsSdk, 'unhold');
    click('.kit-held-call-switch');
    click('.kit-held-call-switch');
    await settle();
    expect([hold.mock.calls.length, unhold.mock.calls.length]).toEqual([1, 1]);
    const [first, second] = screens();
    expect(second.pane.textContent).toContain('Ada Lovelace');
    expect(second).toMatchObject({inert: false, hold: 'Hold', note: ''});
    expect(first).toMatchObject({inert: true, hold: 'Resume', note: 'On hold'});
    expect(errors).toEqual([]);
  });

  it('should not put the call on screen on hold to switch to a held call that just ended', async () => {
    await setup();
    const [ada, zed] = await adaThenZed();
    click('.kit-call-waiting-hold-and-accept');
    await settle();
    const switchToAda = container.querySelector<HTMLElement>('.kit-held-call-switch')!;
    void calls.farSide.end(ada.sessionId);
    await jest.advanceTimersByTimeAsync(0);
    // Ada hung up; her Switch button is pressed before the bar lets go of it.
    switchToAda.click();
    await settle(1_000);
    expect(statusOf(zed)).toBe('ongoing');
    expect(screens().at(-1)).toMatchObject({hold: 'Hold', note: ''});
    expect(screens().at(-1)!.pane.textContent).toContain('Zed Shaw');
    expect(errors).toEqual([]);
  });

  it('should leave the waiting call ringing when the hold is refused', async () => {
    await setup();
    const [ada, zed] = await adaThenZed();
    calls.farSide.failNext('hold');
    click('.kit-call-waiting-hold-and-accept');
    await settle();
    expect([statusOf(ada), statusOf(zed)]).toEqual(['ongoing', 'initiated']);
    expect(container.querySelector('.kit-call-waiting')).not.toBeNull();
    expect(screens()).toEqual([expect.objectContaining({inert: false, hold: 'Hold', note: ''})]);
    expect(errors.length).toBe(1);
  });

  it('should not offer Hold and accept with an adapter that cannot hold', async () => {
    await setup(false);
    await adaThenZed();
    expect(container.querySelector('.kit-call-waiting')).not.toBeNull();
    expect(container.querySelector('.kit-call-waiting-hold-and-accept')).toBeNull();
  });
});
