import {Component} from '@angular/core';
import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {TestBed} from '@angular/core/testing';
import {KitRingReadinessComponent, withRingReadiness} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from './calls-testing';
import {KitRingReadinessHarness} from './ring-readiness-harness';

@Component({imports: [KitRingReadinessComponent], template: '<kit-ring-readiness />'})
class Host {}

describe('KitRingReadinessHarness', () => {
  afterEach(() => delete (window as {Notification?: unknown}).Notification);

  it('should read what is missing and turn the sound on', async () => {
    (window as unknown as {Notification: unknown}).Notification = {permission: 'granted'};
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({features: [withRingReadiness()]})],
    });
    TestBed.inject(KitCallsTestingController).audio.refusePlay(); // The autoplay policy, before any gesture.
    const fixture = TestBed.createComponent(Host);
    const loader = TestbedHarnessEnvironment.loader(fixture);
    await new Promise(resolve => setTimeout(resolve));
    const prompt = await loader.getHarness(KitRingReadinessHarness.with({ready: false}));
    expect(await prompt.getMissingParts()).toEqual(['sound']);
    expect(await prompt.getMissingLabels()).toEqual(['Sound is off until you click']);
    expect(await prompt.canTurnOn()).toBe(true);

    TestBed.inject(KitCallsTestingController).audio.refusePlay(null);
    await prompt.turnOn();
    await new Promise(resolve => setTimeout(resolve));
    expect(await prompt.isReady()).toBe(true);
    expect(await prompt.getMissingParts()).toEqual([]);
    expect(await prompt.canTurnOn()).toBe(false);
  });
});
