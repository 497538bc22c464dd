import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCall, KitUser} from 'kit-chat-uikit-angular';
import {withGroupCalls} from 'kit-chat-uikit-angular/group';
import {KitInMemoryGroupFarSide, kitInMemoryGroupCalls} from 'kit-chat-uikit-angular/in-memory';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitCallLog} from './call-log';
import {withCallLog} from './call-log-feature';
import {KitCallLogComponent} from './call-log-list';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
const TEAM = {id: 'team', name: 'Team', icon: '/team.png'};

@Component({imports: [KitCallLogComponent], template: '<kit-call-log />'})
class Page {}

describe('<kit-call-log>: a missed group call', () => {
  let calls: KitCallsTestingController;
  let team: KitInMemoryGroupFarSide;
  let log: KitCallLog;
  let host: HTMLElement;
  let detect: () => void;

  beforeEach(async () => {
    jest.useFakeTimers();
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          config: {overlay: {ringTimeout: 1000}},
          features: [withCallLog({notifyMissed: false}), withGroupCalls()],
        }),
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    team = kitInMemoryGroupCalls(calls.switchboard);
    team.addGroup(TEAM, [ADA, BOB, calls.me]);
    log = TestBed.inject(KitCallLog);
    const fixture = TestBed.createComponent(Page);
    host = fixture.nativeElement;
    detect = () => fixture.detectChanges();
    await settle();
  });
  afterEach(() => jest.useRealTimers());

  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
    detect?.();
  }

  /** Ada rings the team; the user's ring times out unanswered (missed) after `before` happened. */
  async function missed(before: (call: KitCall) => void = () => undefined): Promise<KitCall> {
    const ringing = team.ringGroup(ADA, TEAM, 'video');
    await settle();
    const call = await ringing;
    before(call);
    await settle(1500);
    return call;
  }

  const join = () => host.querySelector<HTMLButtonElement>('.kit-call-log-join');
  const statusOfMe = (call: KitCall) =>
    calls.switchboard.getCall(call.sessionId)?.participants?.find(p => p.user.uid === 'me')?.status;

  it('should show the group, who called, and Join beside Call back while the call goes on', async () => {
    const call = await missed(({sessionId}) => void team.accept(sessionId, 'bob'));

    expect(log.entries()[0]).toEqual(
      expect.objectContaining({missed: true, group: TEAM, people: [ADA]}),
    );
    expect(host.querySelector('.kit-call-log-name')?.textContent?.trim()).toBe('Team');
    expect(host.querySelector('.kit-call-log-avatar img')?.getAttribute('src')).toBe('/team.png');
    expect(host.querySelector('.kit-call-log-caller')?.textContent?.trim()).toBe(
      'Called by Ada Lovelace',
    );
    expect(join()?.getAttribute('aria-label')).toBe('Join the call with Team');
    expect(join()?.nextElementSibling?.getAttribute('aria-label')).toBe('Call back Ada Lovelace');

    join()!.click();
    await settle();

    expect(statusOfMe(call)).toBe('joined');
    expect(document.querySelector('.cdk-overlay-container .kit-ongoing-call')).not.toBeNull();
  });

  it('should take Join away once the SDK says the call ended, and stop listening for it', async () => {
    const listeners = calls.sdk.listenerCount;
    const call = await missed(({sessionId}) => void team.accept(sessionId, 'bob'));
    expect(join()).not.toBeNull();
    // The log hears of the call's end with a listener of its own, only while a missed call goes on.
    expect(calls.sdk.listenerCount).toBe(listeners + 1);

    void team.leave(call.sessionId, 'bob'); // Ada stays alone: the call ends.
    await settle();

    expect(join()).toBeNull();
    expect(host.querySelector('.kit-call-log-call-back')).not.toBeNull();
    expect(calls.sdk.listenerCount).toBe(listeners);
  });

  it('should offer Join while the call still rings the others, and take it away when the caller cancels', async () => {
    const call = await missed();
    expect(join()?.getAttribute('aria-label')).toBe('Join the call with Team');

    void team.leave(call.sessionId, 'ada'); // Nobody joined: her leaving cancels it.
    await settle();

    expect(join()).toBeNull();
  });

  it('should offer no Join when the caller cancelled while it rang here', async () => {
    const ringing = team.ringGroup(ADA, TEAM, 'audio');
    await settle();
    void team.leave((await ringing).sessionId, 'ada');
    await settle();

    expect(log.entries()[0]).toEqual(expect.objectContaining({missed: true, group: TEAM}));
    expect(host.querySelector('.kit-call-log-name')?.textContent?.trim()).toBe('Team');
    expect(join()).toBeNull();
  });
});
