import {Component} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {KitFakeAudioPlayer} from '../../testing/fake-audio-player';
import {provideKitCalls} from '../provide/provide-kit-calls';
import {KitAudioPlayer} from '../sound/audio-player';
import {KitRingReadiness} from './ring-readiness';
import {KitRingReadinessIntl} from './ring-readiness-intl';
import {KitRingReadinessComponent} from './ring-readiness-prompt';
import {
  FakeNotification,
  RegisteringSdk,
  installFakeNotification,
} from './readiness-fakes.spec-helper';

@Component({imports: [KitRingReadinessComponent], template: '<kit-ring-readiness />'})
class Host {}

const flush = () => new Promise(resolve => setTimeout(resolve));

describe('KitRingReadinessComponent', () => {
  let fixture: ComponentFixture<Host>;
  let player: KitFakeAudioPlayer;
  let sdk: RegisteringSdk;
  let uninstall: () => void;

  async function setup(permission: NotificationPermission): Promise<void> {
    uninstall = installFakeNotification(permission);
    sdk = new RegisteringSdk();
    TestBed.configureTestingModule({
      providers: [
        provideKitCalls({callsSdk: () => sdk}),
        KitFakeAudioPlayer,
        {provide: KitAudioPlayer, useExisting: KitFakeAudioPlayer},
      ],
    });
    player = TestBed.inject(KitFakeAudioPlayer);
    player.refusePlay('NotAllowedError');
    fixture = TestBed.createComponent(Host);
    await flush();
    await fixture.whenStable();
  }

  const host = () => fixture.nativeElement.querySelector('.kit-ring-readiness') as HTMLElement;
  const missing = () =>
    [...host().querySelectorAll('.kit-ring-readiness-missing li')].map(li =>
      li.textContent?.trim(),
    );
  const button = () => host().querySelector<HTMLButtonElement>('.kit-ring-readiness-button');

  afterEach(() => uninstall());

  it('should list what is missing and offer one button that asks for it', async () => {
    await setup('default');
    expect(missing()).toEqual([
      'Sound is off until you click',
      'Notifications are off',
      'Not connected to the call service',
    ]);
    expect(button()?.textContent?.trim()).toBe('Turn on call alerts');
    expect(button()?.type).toBe('button');
    // Screen readers hear the list change.
    expect(host().querySelector('[aria-live="polite"]')?.textContent).toContain(
      'You might miss a call:',
    );
  });

  it('should unlock the sound and ask for notifications in one click, then say what is still missing', async () => {
    await setup('default');
    player.refusePlay(null); // The click is the gesture the autoplay policy waits for.
    button()!.click();
    await flush();
    await fixture.whenStable();
    expect(FakeNotification.asked).toBe(1);
    expect(missing()).toEqual(['Not connected to the call service']);
    expect(button()).toBeNull();
    sdk.set({registered: true, reason: 'registered'});
    await fixture.whenStable();
    expect(host().textContent?.trim()).toBe('Calls will ring here');
    expect(host().classList).toContain('kit-ring-readiness-is-ready');
  });

  it('should keep keyboard focus on the status when the pressed button goes away', async () => {
    await setup('default');
    player.refusePlay(null);
    button()!.focus();
    button()!.click(); // What Enter or Space on a focused button does.
    await flush();
    await fixture.whenStable();
    expect(button()).toBeNull();
    // Focus stays in the prompt, on what a screen reader then reads: what is still missing.
    expect(document.activeElement).not.toBe(document.body);
    expect(host().contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toContain('Not connected to the call service');
  });

  it('should leave focus alone when it is elsewhere as the button goes away', async () => {
    await setup('default');
    player.refusePlay(null);
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    button()!.click(); // A pointer click that did not focus the button (Safari).
    await flush();
    await fixture.whenStable();
    expect(button()).toBeNull();
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });

  it('should say that a denied permission needs the site settings, with no button for it', async () => {
    await setup('denied');
    TestBed.inject(KitRingReadiness).report('sound', {ready: true, reason: 'unlocked'});
    await fixture.whenStable();
    expect(missing()).toContain("Notifications are blocked in the browser's site settings");
    expect(button()).toBeNull();
  });

  it('should list the service worker once the push entry reported it', async () => {
    await setup('granted');
    expect(missing()).not.toContain('Calls cannot reach you while the app is closed');
    TestBed.inject(KitRingReadiness).report('serviceWorker', {
      ready: false,
      reason: 'no subscription',
    });
    await fixture.whenStable();
    expect(missing()).toContain('Calls cannot reach you while the app is closed');
  });

  it('should render translated strings again when the intl changes', async () => {
    await setup('default');
    const intl = TestBed.inject(KitRingReadinessIntl);
    intl.turnOn = 'Anrufe einschalten';
    intl.changes.next();
    await fixture.whenStable();
    expect(button()?.textContent?.trim()).toBe('Anrufe einschalten');
  });
});
