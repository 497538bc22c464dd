import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {TestBed} from '@angular/core/testing';
import {KitCallsModule} from 'kit-chat-uikit-angular';
import {
  KitCallsTestingController,
  KitIncomingCallHarness,
  KitOngoingCallHarness,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {ADA, AppComponent, ME} from './app';

// The NgModule app places the screens in its own template (autoRing off), so its loader is the fixture's.
describe('AppComponent (NgModule, KitCallsModule)', () => {
  it('should hand Ada over from the incoming screen to the ongoing screen in the page', async () => {
    TestBed.configureTestingModule({
      declarations: [AppComponent],
      imports: [KitCallsModule],
      providers: [provideKitCallsTesting({user: ME, config: {autoRing: false}})],
    });
    const fixture = TestBed.createComponent(AppComponent);
    const loader = TestbedHarnessEnvironment.loader(fixture);
    const calls = TestBed.inject(KitCallsTestingController);
    await fixture.whenStable();

    await calls.farSide.ring(ADA, calls.me, 'audio');
    await calls.settle();
    const incoming = await loader.getHarness(
      KitIncomingCallHarness.with({callerName: 'Ada Lovelace'}),
    );
    expect(await incoming.getCallType()).toBe('audio');

    await incoming.accept();
    await calls.settle();

    const ongoing = await loader.getHarness(KitOngoingCallHarness);
    expect(await ongoing.getOtherPartyName()).toBe('Ada Lovelace');
  });
});
