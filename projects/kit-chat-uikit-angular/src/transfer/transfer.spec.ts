import {TestBed} from '@angular/core/testing';
import {KIT_TESTING_ME, KitCallsTestingController} from 'kit-chat-uikit-angular/testing';
import {KitInMemoryMediaCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';
import {KitTransfer} from './transfer.service';
import {ADA, ALAN, TransferBed} from './transfer.spec-helper';

describe('withTransfer(): a blind transfer', () => {
  const bed = new TransferBed();
  const {settle, click, statusOf, callTo, holdLabel} = bed;
  let calls: KitCallsTestingController;
  let container: HTMLElement;
  let errors: KitException[];

  async function setup(): Promise<void> {
    await bed.setUp();
    ({calls, container, errors} = bed);
  }

  /** Ada rings, the user accepts: a call on screen. */
  async function inACallWithAda(): Promise<KitCall> {
    const ringing = calls.farSide.ring(ADA, calls.me, 'audio');
    await settle();
    const call = await ringing;
    click('.kit-incoming-call-accept-button');
    await settle();
    return call;
  }

  const note = () => container.querySelector('.kit-ongoing-call-note')?.textContent?.trim() ?? '';

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  it('should offer the people of the app but the call own, hold the call, and end it once the person answered', async () => {
    await setup();
    const call = await inACallWithAda();
    // Its own Hold button comes with it (no withHold() named here).
    expect(holdLabel()).toBe('Hold');
    const toggle = container.querySelector('.kit-transfer-toggle')!;
    expect(toggle.getAttribute('aria-label')).toBe('Transfer');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    click('.kit-transfer-toggle');
    await settle();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const options = [...container.querySelectorAll('.kit-transfer-option')];
    expect(options.map(option => option.textContent?.trim())).toEqual(['Alan Turing']);
    expect(container.querySelector('.kit-transfer-list')!.getAttribute('aria-label')).toBe(
      'Transfer to',
    );
    expect(document.activeElement).toBe(options[0]);

    click('.kit-transfer-option');
    await settle();
    // Ada (the far side) calls Alan; the user's call waits, on hold.
    const next = callTo(ALAN)!;
    expect(next.sender?.uid).toBe('ada');
    expect(statusOf(next.sessionId)).toBe('initiated');
    expect(note()).toBe('Transferring to Alan Turing…');
    expect(holdLabel()).toBe('Resume');
    expect(statusOf(call.sessionId)).toBe('ongoing');

    void calls.farSide.accept(next.sessionId);
    await settle(200);
    expect(statusOf(next.sessionId)).toBe('ongoing');
    expect(statusOf(call.sessionId)).toBe('ended');
    await settle(1_000);
    expect(container.querySelector('kit-ongoing-call')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('should transfer a call the user already put on hold', async () => {
    await setup();
    const call = await inACallWithAda();
    click('.kit-hold-toggle');
    await settle();
    expect(holdLabel()).toBe('Resume');
    click('.kit-transfer-toggle');
    await settle();
    click('.kit-transfer-option');
    await settle();
    const next = callTo(ALAN);
    expect(next?.sender?.uid).toBe('ada');
    expect(note()).toBe('Transferring to Alan Turing…');
    void calls.farSide.accept(next!.sessionId);
    await settle(200);
    expect(statusOf(call.sessionId)).toBe('ended');
    expect(errors).toEqual([]);
  });

  it('should give the call back, on hold, when the person declines', async () => {
    await setup();
    const call = await inACallWithAda();
    click('.kit-transfer-toggle');
    await settle();
    click('.kit-transfer-option');
    await settle();
    const next = callTo(ALAN)!;
    void calls.farSide.reject(next.sessionId);
    await settle(200);
    expect(statusOf(call.sessionId)).toBe('ongoing');
    expect(note()).toBe('On hold');
    expect(holdLabel()).toBe('Resume');
    expect(errors.map(error => error.code)).toEqual(['ERR_CALL_FAILED']);
    click('.kit-hold-toggle');
    await settle();
    expect(holdLabel()).toBe('Hold');
  });

  it('should give the call back when the SDK refuses the transfer', async () => {
    await setup();
    const call = await inACallWithAda();
    calls.farSide.failNext('transfer');
    click('.kit-transfer-toggle');
    await settle();
    click('.kit-transfer-option');
    await settle();
    expect(callTo(ALAN)).toBeUndefined();
    expect(statusOf(call.sessionId)).toBe('ongoing');
    expect(holdLabel()).toBe('Resume');
    expect(errors.length).toBe(1);
  });

  it('should follow a transfer the far side makes: the new call opens on an outgoing screen', async () => {
    await setup();
    const ada = new KitInMemoryMediaCallsSdk(calls.switchboard, ADA, null);
    const placing = ada.initiateCall({
      sessionId: '',
      type: 'audio',
      sender: ADA,
      callInitiator: ADA,
      receiver: calls.me,
      callReceiver: calls.me,
    });
    await settle();
    const call = await placing;
    click('.kit-incoming-call-accept-button');
    await settle();
    void ada.hold(call.sessionId);
    await settle();
    const transferred = ada.transfer(call.sessionId, ALAN);
    await settle();
    // The user's device calls Alan, as a phone follows a REFER.
    const next = callTo(ALAN)!;
    expect(next.sender?.uid).toBe(KIT_TESTING_ME.uid);
    const outgoing = container.querySelector('kit-outgoing-call');
    expect(outgoing?.textContent).toContain('Alan Turing');
    void calls.farSide.accept(next.sessionId);
    await settle(200);
    await expect(transferred).resolves.toBeUndefined();
    expect(statusOf(call.sessionId)).toBe('ended');
    await settle(1_000);
    const screens = [...container.querySelectorAll('kit-ongoing-call')];
    expect(screens.map(screen => screen.textContent)).toEqual([
      expect.stringContaining('Alan Turing'),
    ]);
    ada.dispose();
  });

  it('should open the call an attended transfer hands this device already connected, never ringing', async () => {
    await setup();
    // The adapter answered an INVITE with Replaces of the user's call with the transferor (SIP): it says so.
    const sdk = TestBed.inject(KitCallsSdk);
    const listen = jest.spyOn(sdk, 'addCallListener');
    TestBed.inject(KitTransfer).start();
    const [, listener] = listen.mock.calls[0];
    listener.onCallTransferred!({
      sessionId: 'replacing-1',
      type: 'audio',
      sender: ADA,
      callInitiator: ADA,
      receiver: calls.me,
      callReceiver: calls.me,
      status: 'ongoing',
    });
    await settle();
    expect(container.querySelector('kit-incoming-call, kit-outgoing-call')).toBeNull();
    const screens = [...container.querySelectorAll('kit-ongoing-call')];
    expect(
      screens.map(screen => screen.querySelector('.kit-ongoing-call-name')?.textContent?.trim()),
    ).toEqual(['Ada Lovelace']);
  });
});
