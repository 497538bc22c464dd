import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {TestBed} from '@angular/core/testing';
import {
  KitCallsTestingController,
  KitIncomingCallHarness,
  KitOngoingCallHarness,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {App} from './app';
import {ADA, ME} from './people';

// An app's own test, written as the README's "Testing your app" says, against the installed package.
describe('App (standalone, provideKitUIKit)', () => {
  it('should show Ada on the ongoing screen when I accept her call', async () => {
    TestBed.configureTestingModule({providers: [provideKitCallsTesting({user: ME})]});
    const fixture = TestBed.createComponent(App);
    const loader = TestbedHarnessEnvironment.documentRootLoader(fixture);
    const calls = TestBed.inject(KitCallsTestingController);

    await calls.farSide.ring(ADA, calls.me, 'video'); // Ada calls me
    const incoming = await loader.getHarness(KitIncomingCallHarness);
    expect(await incoming.getCallerName()).toBe('Ada Lovelace');
    expect(await incoming.isRinging()).toBe(true);

    await incoming.accept(); // I accept
    await calls.settle();

    const ongoing = await loader.getHarness(KitOngoingCallHarness); // the ongoing screen shows Ada
    expect(await ongoing.getOtherPartyName()).toBe('Ada Lovelace');
    expect(await loader.getHarnessOrNull(KitIncomingCallHarness)).toBeNull();
  });
});
