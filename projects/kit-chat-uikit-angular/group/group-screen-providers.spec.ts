import {TestBed} from '@angular/core/testing';
import {
  KitCall,
  KitIncomingCallComponent,
  KitOngoingCallComponent,
  KitOutgoingCallComponent,
  KitParticipant,
  _KIT_ONGOING_CALL_PARTS,
  _KIT_CALL_SCREEN_PARTS,
} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {showOngoingCall} from '../src/ongoing-call/ongoing-call.spec-helper';
import {KitGroupCallGridComponent} from './group-call-grid';
import {withGroupCalls} from './group-calls-feature';
import {KitGroupRingingComponent} from './group-ringing-part';
import {ADA, ALAN, GRACE} from './group.spec-helper';

describe('withGroupCalls(): the screens take the group parts, and show a call between two people as before', () => {
  it('should put the part into the incoming screen', async () => {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({config: {autoRing: false}, features: [withGroupCalls()]}),
      ],
    });
    expect(TestBed.inject(_KIT_CALL_SCREEN_PARTS)).toEqual([KitGroupRingingComponent]);
    const calls = TestBed.inject(KitCallsTestingController);
    const fixture = TestBed.createComponent(KitIncomingCallComponent);
    await fixture.whenStable();
    await calls.farSide.ring(ADA, calls.me, 'video');
    await calls.settle();
    await fixture.whenStable();
    const host = fixture.nativeElement as HTMLElement;

    // Created beside the screen; a call between two people leaves it empty where it is.
    const part =
      fixture.debugElement.nativeElement.parentElement.querySelector('kit-group-ringing');
    expect(part).not.toBeNull();
    expect(part!.children.length).toBe(0);
    expect(host.classList).not.toContain('kit-group-call');
    expect(host.querySelector('.kit-incoming-call-title')?.textContent?.trim()).toBe(
      'Ada Lovelace',
    );
  });

  it("should show a group call's presentation in place of the incoming screen's own parts", async () => {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({config: {autoRing: false}, features: [withGroupCalls()]}),
      ],
    });
    const calls = TestBed.inject(KitCallsTestingController);
    const fixture = TestBed.createComponent(KitIncomingCallComponent);
    await fixture.whenStable();
    // A ring with participants, as an adapter with groupCalls delivers it.
    const me = calls.me;
    (calls.sdk as unknown as {_deliver(method: string, call: KitCall): void})._deliver(
      'onIncomingCallReceived',
      {
        sessionId: 'g1',
        type: 'video',
        sender: ADA,
        receiver: me,
        callInitiator: ADA,
        callReceiver: me,
        group: {id: 'team', name: 'Team'},
        participants: [ADA, me, ALAN, GRACE].map(user => ({user, status: 'ringing' as const})),
      },
    );
    await fixture.whenStable();
    await calls.settle();
    fixture.detectChanges();
    const host = fixture.nativeElement as HTMLElement;

    const part = host.querySelector('.kit-incoming-call-content > kit-group-ringing')!;
    expect(part.querySelector('h2')?.textContent?.trim()).toBe('Ada Lovelace is calling Team');
    expect(part.querySelector('.kit-group-call-status')?.textContent?.trim()).toBe(
      'Video call · 4 people',
    );
    expect(host.classList).toContain('kit-group-call');
    // Accept and decline stay the screen's own.
    expect(host.querySelector('.kit-incoming-call-accept-button')).not.toBeNull();
  });

  it("should show the callees and their count on the caller's screen", async () => {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({config: {autoRing: false}, features: [withGroupCalls()]}),
      ],
    });
    const calls = TestBed.inject(KitCallsTestingController);
    const me = calls.me;
    const placed = await calls.sdk.initiateCall({
      sessionId: '',
      type: 'video',
      sender: me,
      callInitiator: me,
      receiver: ADA,
      callReceiver: ADA,
    });
    const participants: KitParticipant[] = [
      {user: me, status: 'joined'},
      {user: ADA, status: 'ringing'},
      {user: ALAN, status: 'ringing'},
      {user: GRACE, status: 'ringing'},
    ];
    const fixture = TestBed.createComponent(KitOutgoingCallComponent);
    fixture.componentRef.setInput('call', {...placed, participants});
    await fixture.whenStable();
    await calls.settle();
    fixture.detectChanges();
    const host = fixture.nativeElement as HTMLElement;

    const part = host.querySelector('.kit-outgoing-call-callee > kit-group-ringing')!;
    expect(part.querySelector('h2')?.textContent?.trim()).toBe(
      'Ada Lovelace, Alan Turing, Grace Hopper',
    );
    expect(part.querySelector('[role=status]')?.textContent?.trim()).toBe('Calling 3 people…');
    expect(host.classList).toContain('kit-group-call-has-status');
    // The end-call button stays the screen's own.
    expect(host.querySelector('.kit-outgoing-call-end-call-button')).not.toBeNull();
    fixture.destroy();
  });

  it('should put the grid into the ongoing screen', async () => {
    jest.useFakeTimers();
    try {
      const fixture = await showOngoingCall([withGroupCalls()], {
        remote: () => null,
        local: () => null,
      });
      expect(TestBed.inject(_KIT_ONGOING_CALL_PARTS)).toEqual([KitGroupCallGridComponent]);
      const host = fixture.nativeElement as HTMLElement;

      expect(host.querySelector('.kit-ongoing-call-controls kit-group-call-grid')).not.toBeNull();
      expect(host.querySelector('[role=list]')).toBeNull();
      expect(host.querySelector('.kit-ongoing-call')!.classList).not.toContain('kit-group-call');
      expect(host.querySelector('.kit-ongoing-call-name')?.textContent?.trim()).toBe(
        'Ada Lovelace',
      );
      fixture.destroy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('should show the grid of a group call on the real ongoing screen, and keep it there', async () => {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({config: {autoRing: false}, features: [withGroupCalls()]}),
      ],
    });
    const calls = TestBed.inject(KitCallsTestingController);
    const me = calls.me;
    const fixture = TestBed.createComponent(KitOngoingCallComponent);
    fixture.componentRef.setInput('call', {
      sessionId: 'g9',
      type: 'audio',
      sender: ADA,
      callInitiator: ADA,
      receiver: me,
      callReceiver: me,
      group: {id: 'team', name: 'Team'},
      participants: [ADA, me, ALAN].map(user => ({user, status: 'joined' as const})),
    });
    for (let i = 0; i < 3; i++) {
      await fixture.whenStable();
      await calls.settle();
      fixture.detectChanges();
    }
    const host = fixture.nativeElement as HTMLElement;

    expect(host.classList).toContain('kit-group-call');
    const tiles = [...host.querySelectorAll('.kit-ongoing-call-stage [role=listitem] button')];
    expect(tiles.map(tile => tile.getAttribute('aria-label'))).toEqual([
      'You',
      'Ada Lovelace',
      'Alan Turing',
    ]);
    expect(
      host.querySelector('.kit-ongoing-call-info h2.kit-group-call-name')?.textContent?.trim(),
    ).toBe('Team');
    fixture.destroy();
  });
});
