import {TestBed} from '@angular/core/testing';
import {
  KitIncomingCallComponent,
  _KIT_ONGOING_CALL_PARTS,
  _KIT_RINGING_CALL_PARTS,
} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {showOngoingCall} from '../src/ongoing-call/ongoing-call.spec-helper';
import {KitGroupCallGridComponent} from './group-call-grid';
import {withGroupCalls} from './group-calls-feature';
import {KitGroupRingingComponent} from './group-ringing-part';
import {ADA} from './group.spec-helper';

describe('withGroupCalls(): the screens take the group parts, and show a call between two people as before', () => {
  it('should put the part into the incoming screen', async () => {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({config: {autoRing: false}, features: [withGroupCalls()]}),
      ],
    });
    expect(TestBed.inject(_KIT_RINGING_CALL_PARTS)).toEqual([KitGroupRingingComponent]);
    const calls = TestBed.inject(KitCallsTestingController);
    const fixture = TestBed.createComponent(KitIncomingCallComponent);
    await fixture.whenStable();
    await calls.farSide.ring(ADA, calls.me, 'video');
    await calls.settle();
    await fixture.whenStable();
    const host = fixture.nativeElement as HTMLElement;

    const part = host.querySelector('.kit-incoming-call-content kit-group-ringing');
    expect(part).not.toBeNull();
    expect(part!.children.length).toBe(0);
    expect(host.classList).not.toContain('kit-group-call');
    expect(host.querySelector('.kit-incoming-call-title')?.textContent?.trim()).toBe(
      'Ada Lovelace',
    );
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
});
