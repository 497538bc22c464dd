import {TestBed} from '@angular/core/testing';
import {KIT_TESTING_ME, KitCallsTestingController} from 'kit-chat-uikit-angular/testing';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';
import {KitTransfer} from './transfer.service';
import {ADA, ALAN, TransferBed} from './transfer.spec-helper';

describe('withTransfer(): an attended transfer (Call first, then Complete transfer)', () => {
  const bed = new TransferBed();
  const {settle, click, statusOf, callTo, holdLabel} = bed;
  let calls: KitCallsTestingController;
  let container: HTMLElement;
  let errors: KitException[];

  async function setup(attended = true): Promise<void> {
    await bed.setUp(attended);
    ({calls, container, errors} = bed);
  }

  /** The call screens, the one on top last. */
  const screens = () => [...container.querySelectorAll<HTMLElement>('.cdk-overlay-pane')];
  const top = () => screens().at(-1)!;

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

    calls.farSide.setLatency(100);
    click('.kit-transfer-complete', top());
    await jest.advanceTimersByTimeAsync(0);
    // On its way: the button stays, unavailable (no second transfer, no Transfer list in its place).
    expect(top().querySelector('.kit-transfer-complete')?.getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(top().querySelector('.kit-transfer-toggle')).toBeNull();
    await settle(1_000);
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

  it('should not call Alan first, nor hold Ada, through KitTransfer.consult when the adapter cannot transfer attended', async () => {
    await setup(false);
    const ringing = calls.farSide.ring(ADA, calls.me, 'audio');
    await settle();
    const held = await ringing;
    click('.kit-incoming-call-accept-button');
    await settle();
    await expect(TestBed.inject(KitTransfer).consult(held.sessionId, ALAN)).resolves.toBe(false);
    await settle();
    expect(callTo(ALAN)).toBeUndefined();
    expect(screens()).toHaveLength(1);
    expect(holdLabel(top())).toBe('Hold');
  });

  it('should let the user call someone first again after a call first that could not be placed', async () => {
    await setup();
    const ringing = calls.farSide.ring(ADA, calls.me, 'audio');
    await settle();
    const held = await ringing;
    click('.kit-incoming-call-accept-button');
    await settle();
    const transfer = TestBed.inject(KitTransfer);
    // A person the app offers with no uid: the call to them is refused before it leaves.
    await expect(transfer.consult(held.sessionId, {uid: '', name: 'Nobody'})).resolves.toBe(false);
    await settle();
    expect(errors.map(error => error.code)).toEqual([KitErrorCodes.INVALID_CALL]);
    expect(holdLabel(top())).toBe('Resume');
    await expect(transfer.consult(held.sessionId, ALAN)).resolves.toBe(true);
    await settle();
    expect(callTo(ALAN)?.sender?.uid).toBe(KIT_TESTING_ME.uid);
    expect(screens()).toHaveLength(2);
  });

  it('should not complete the transfer while the phone of Alan still rings', async () => {
    await setup();
    const {held, next} = await callingAlanFirst();
    await expect(TestBed.inject(KitTransfer).complete(next.sessionId)).resolves.toBe(false);
    await settle(200);
    expect(statusOf(held.sessionId)).toBe('ongoing');
    expect(statusOf(next.sessionId)).toBe('initiated');
    expect(holdLabel(screens()[0])).toBe('Resume');
    expect(errors).toEqual([]);
    // Once he answered, the same call completes it.
    void calls.farSide.accept(next.sessionId);
    await settle(200);
    const completed = TestBed.inject(KitTransfer).complete(next.sessionId);
    await settle(200);
    await expect(completed).resolves.toBe(true);
    expect(statusOf(held.sessionId)).toBe('ended');
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
