import {OverlayContainer} from '@angular/cdk/overlay';
import {Component, inject} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {
  KIT_TESTING_ME,
  KitCallsTestingController,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {KitInMemoryMediaCallsSdk, KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {withTransfer} from './transfer-feature';
import {KitTransfer} from './transfer.service';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const ALAN: KitUser = {uid: 'alan', name: 'Alan Turing'};

@Component({template: ''})
class Page {}

describe('withTransfer(): an attended transfer (Call first, then Complete transfer)', () => {
  let calls: KitCallsTestingController;
  let container: HTMLElement;
  let errors: KitException[];

  async function setup(attended = true): Promise<void> {
    errors = [];
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          config: {onError: error => errors.push(error)},
          features: [withTransfer()],
        }),
        {
          provide: KitCallsSdk,
          useFactory: () => {
            const sdk = new KitInMemoryMediaCallsSdk(
              inject(KitInMemorySwitchboard),
              KIT_TESTING_ME,
              null,
            );
            return attended ? sdk : Object.defineProperty(sdk, 'attendedTransfer', {value: false});
          },
        },
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    TestBed.inject(KitTransfer).people.set([ADA, ALAN]);
    TestBed.createComponent(Page);
    await settle();
  }

  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  function click(selector: string, root: ParentNode = container): void {
    const button = root.querySelector<HTMLElement>(selector);
    expect(button).not.toBeNull();
    button!.click();
  }

  const statusOf = (sessionId: string) => calls.switchboard.getCall(sessionId)?.status;
  const callTo = (user: KitUser) =>
    calls.switchboard
      .calls()
      .find(call => call.receiver?.uid === user.uid && !/ended|rejected/.test(call.status ?? ''));
  /** The call screens, the one on top last. */
  const screens = () => [...container.querySelectorAll<HTMLElement>('.cdk-overlay-pane')];
  const top = () => screens().at(-1)!;
  const holdLabel = (root: ParentNode) =>
    root.querySelector('.kit-hold-toggle')?.getAttribute('aria-label') ?? null;

  /** Ada rings, the user accepts, then calls Alan first from the Transfer list: both calls' ids. */
  async function callingAlanFirst(): Promise<{held: KitCall; next: KitCall}> {
    const ringing = calls.farSide.ring(ADA, calls.me, 'audio');
    await settle();
    const held = await ringing;
    click('.kit-incoming-call-accept-button');
    await settle();
    click('.kit-transfer-toggle');
    await settle();
    const firsts = [...container.querySelectorAll('.kit-transfer-call-first')];
    expect(firsts.map(button => button.getAttribute('aria-label'))).toEqual([
      'Call Alan Turing first',
    ]);
    expect(firsts[0].textContent?.trim()).toBe('Call first');
    click('.kit-transfer-call-first');
    await settle();
    const next = callTo(ALAN)!;
    expect(next.sender?.uid).toBe(KIT_TESTING_ME.uid);
    // Ada waits on hold; the call to Alan is on an outgoing screen on top.
    expect(statusOf(held.sessionId)).toBe('ongoing');
    expect(holdLabel(screens()[0])).toBe('Resume');
    expect(top().querySelector('kit-outgoing-call')?.textContent).toContain('Alan Turing');
    return {held, next};
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  it('should join Ada and Alan once he answered and the user completes the transfer: both calls end', async () => {
    await setup();
    const {held, next} = await callingAlanFirst();
    void calls.farSide.accept(next.sessionId);
    await settle(200);
    // Alan's ongoing screen: "Complete transfer", and Ada on hold in the bar above.
    const complete = top().querySelector('.kit-transfer-complete')!;
    expect(complete.getAttribute('aria-label')).toBe('Transfer Ada Lovelace to Alan Turing');
    expect(complete.closest('.kit-call-button')?.textContent).toContain('Complete transfer');
    expect(top().querySelector('.kit-transfer-toggle')).toBeNull();
    expect(top().querySelector('.kit-held-call')?.textContent).toContain('Ada Lovelace');

    click('.kit-transfer-complete', top());
    await settle(200);
    expect(statusOf(held.sessionId)).toBe('ended');
    expect(statusOf(next.sessionId)).toBe('ended');
    const joined = calls.switchboard.calls().find(call => call.status === 'ongoing');
    expect([joined?.sender.uid, joined?.receiver.uid]).toEqual(['ada', 'alan']);
    await settle(3_000);
    expect(container.querySelector('kit-ongoing-call')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('should give Ada back, on hold with Resume, when Alan declines', async () => {
    await setup();
    const {held, next} = await callingAlanFirst();
    void calls.farSide.reject(next.sessionId);
    await settle(3_000);
    expect(screens()).toHaveLength(1);
    expect(statusOf(held.sessionId)).toBe('ongoing');
    expect(holdLabel(top())).toBe('Resume');
    expect(top().querySelector('.kit-transfer-complete')).toBeNull();
    // Ada's call is held as before: the user may call Alan first again.
    click('.kit-transfer-toggle', top());
    await settle();
    click('.kit-transfer-call-first', top());
    await settle();
    expect(callTo(ALAN)?.sessionId).not.toBe(next.sessionId);
    expect(screens()).toHaveLength(2);
  });

  it('should leave Ada on hold and Alan on the line when the transfer fails, with onError', async () => {
    await setup();
    const {held, next} = await callingAlanFirst();
    void calls.farSide.accept(next.sessionId);
    await settle(200);
    calls.farSide.failNext('transfer');
    click('.kit-transfer-complete', top());
    await settle(200);
    expect(statusOf(held.sessionId)).toBe('ongoing');
    expect(statusOf(next.sessionId)).toBe('ongoing');
    expect(errors.length).toBe(1);
    expect(holdLabel(screens()[0])).toBe('Resume');
    // The link is gone: Alan's call is a call as any other.
    expect(top().querySelector('.kit-transfer-complete')).toBeNull();
  });

  it('should end Ada only when she hangs up meanwhile: the call to Alan goes on', async () => {
    await setup();
    const {held, next} = await callingAlanFirst();
    void calls.farSide.accept(next.sessionId);
    await settle(200);
    void calls.farSide.end(held.sessionId);
    await settle(3_000);
    expect(statusOf(next.sessionId)).toBe('ongoing');
    expect(screens()).toHaveLength(1);
    expect(top().textContent).toContain('Alan Turing');
    expect(top().querySelector('.kit-transfer-complete')).toBeNull();
    expect(top().querySelector('.kit-transfer-toggle')).not.toBeNull();
  });

  it('should offer no Call first with an adapter that cannot transfer attended', async () => {
    await setup(false);
    const ringing = calls.farSide.ring(ADA, calls.me, 'audio');
    await settle();
    await ringing;
    click('.kit-incoming-call-accept-button');
    await settle();
    click('.kit-transfer-toggle');
    await settle();
    expect(container.querySelectorAll('.kit-transfer-option')).toHaveLength(1);
    expect(container.querySelector('.kit-transfer-call-first')).toBeNull();
  });
});
