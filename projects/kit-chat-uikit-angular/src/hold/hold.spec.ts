import {LiveAnnouncer} from '@angular/cdk/a11y';
import {ApplicationRef} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {By} from '@angular/platform-browser';
import {OverlayContainer} from '@angular/cdk/overlay';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {OngoingCallHost, showOngoingCall} from '../ongoing-call/ongoing-call.spec-helper';
import {KitException} from '../sdk/kit-exception';
import {withHold} from './hold-feature';
import {KitHoldIntl} from './hold-intl';

describe('withHold()', () => {
  let fixture: ComponentFixture<OngoingCallHost>;
  let sent: string[];
  let refuse: KitException | null;
  let announced: string[];
  let errors: KitException[];

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    refuse = null;
  });

  afterEach(() => {
    fixture?.destroy();
    fixture = undefined!;
    jest.useRealTimers();
  });

  async function settle(ms = 10): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    fixture.detectChanges();
  }

  async function ongoing(adapterHolds = true): Promise<HTMLElement> {
    const answer = (name: string) => async (sessionId: string) => {
      if (refuse) {
        throw refuse;
      }
      sent.push(`${name} ${sessionId}`);
    };
    fixture = await showOngoingCall(
      [withHold()],
      {
        remote: () => null,
        local: () => null,
        ...(adapterHolds ? {hold: answer('hold'), unhold: answer('unhold')} : {}),
      },
      'audio',
    );
    announced = [];
    errors = [];
    jest
      .spyOn(TestBed.inject(LiveAnnouncer), 'announce')
      .mockImplementation(async message => void announced.push(String(message)));
    fixture.debugElement
      .query(By.directive(KitOngoingCallComponent))
      .componentInstance.error.subscribe((error: KitException) => errors.push(error));
    return fixture.nativeElement;
  }

  const button = (host: HTMLElement) => host.querySelector<HTMLButtonElement>('.kit-hold-toggle')!;
  const status = (host: HTMLElement) =>
    host.querySelector('.kit-ongoing-call-status')!.textContent!.replace(/\s+/g, ' ').trim();
  const id = () => fixture.componentInstance.call()!.sessionId;

  it('should show no hold button with an adapter that cannot hold', async () => {
    const host = await ongoing(false);
    expect(host.querySelector('.kit-hold')!.hasAttribute('hidden')).toBe(true);
  });

  it('should hold and resume: "Hold", then "Resume" drawn pressed while held, "On hold" after the time that goes on', async () => {
    const host = await ongoing();
    expect(host.querySelector('.kit-hold')!.hasAttribute('hidden')).toBe(false);
    expect(button(host).getAttribute('aria-label')).toBe('Hold');
    expect(button(host).hasAttribute('aria-pressed')).toBe(false);
    expect(button(host).classList).toContain('kit-call-button-button');

    button(host).click();
    await settle();
    expect(sent).toEqual([`hold ${id()}`]);
    expect(button(host).getAttribute('aria-label')).toBe('Resume');
    expect(host.querySelector('.kit-hold .kit-call-button-text')!.textContent!.trim()).toBe(
      'Resume',
    );
    expect(button(host).classList).toContain('kit-ongoing-call-toggle-active');
    expect(status(host)).toMatch(/^Call duration 00:0\d ?On hold$/);
    const before = status(host);
    await settle(2_000);
    expect(status(host)).not.toBe(before); // The timer goes on.
    expect(status(host)).toContain('On hold');

    button(host).click();
    await settle();
    expect(sent).toEqual([`hold ${id()}`, `unhold ${id()}`]);
    expect(button(host).getAttribute('aria-label')).toBe('Hold');
    expect(status(host)).not.toContain('On hold');
    expect(announced).toEqual(['On hold', 'Call resumed']);
    expect(errors).toEqual([]);
  });

  it('should leave the call as it was when the SDK refuses the hold, and report it through (error)', async () => {
    const host = await ongoing();
    refuse = new KitException('ERR_NETWORK', 'refused');
    button(host).click();
    await settle();
    expect(button(host).getAttribute('aria-label')).toBe('Hold');
    expect(status(host)).not.toContain('On hold');
    expect(errors.map(error => error.code)).toEqual(['ERR_CALL_FAILED']);
    expect(host.querySelector('.kit-ongoing-call-end-call-button')).toBeTruthy();
  });

  it("should say 'Ada Lovelace put you on hold' while the far side holds, the button not pressed", async () => {
    const host = await ongoing();
    const farSide = TestBed.inject(KitCallsTestingController).farSide;
    farSide.hold(id());
    await settle();
    expect(status(host)).toContain('Ada Lovelace put you on hold');
    expect(button(host).getAttribute('aria-label')).toBe('Hold');
    farSide.hold(id(), false);
    await settle();
    expect(status(host)).not.toContain('put you on hold');
    expect(announced).toEqual(['Ada Lovelace put you on hold', 'Call resumed']);
  });

  it('should take its words from KitHoldIntl', async () => {
    const host = await ongoing();
    const intl = TestBed.inject(KitHoldIntl);
    intl.hold = 'Halten';
    intl.resume = 'Fortsetzen';
    intl.onHold = 'Gehalten';
    intl.changes.next();
    await settle();
    expect(button(host).getAttribute('aria-label')).toBe('Halten');
    button(host).click();
    await settle();
    expect(button(host).getAttribute('aria-label')).toBe('Fortsetzen');
    expect(status(host)).toContain('Gehalten');
  });

  it('should hold and resume from KitCallOverlayRef.hold() / resume(), the screen following', async () => {
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({config: {autoRing: false}, features: [withHold()]})],
    });
    const calls = TestBed.inject(KitCallsTestingController);
    Object.assign(calls.sdk, {
      hold: async (id: string) => void sent.push(`hold ${id}`),
      unhold: async (id: string) => void sent.push(`unhold ${id}`),
    });
    const opening = TestBed.inject(KitCallOverlay).startCall({uid: 'ada', name: 'Ada Lovelace'});
    await jest.advanceTimersByTimeAsync(10);
    const ref = await opening;
    await expect(ref.hold()).resolves.toBe(false); // Not ongoing yet: nothing to hold.
    void calls.farSide.accept(ref.call().sessionId);
    await jest.advanceTimersByTimeAsync(10);
    TestBed.inject(ApplicationRef).tick();
    const held = ref.hold();
    await jest.advanceTimersByTimeAsync(10);
    await expect(held).resolves.toBe(true);
    TestBed.inject(ApplicationRef).tick();
    const root = TestBed.inject(OverlayContainer).getContainerElement();
    expect(root.querySelector('.kit-hold-toggle')!.getAttribute('aria-label')).toBe('Resume');
    expect(root.querySelector('.kit-ongoing-call-note')!.textContent).toBe('On hold');
    const resumed = ref.resume();
    await jest.advanceTimersByTimeAsync(10);
    await expect(resumed).resolves.toBe(true);
    expect(sent).toEqual([`hold ${ref.call().sessionId}`, `unhold ${ref.call().sessionId}`]);
    ref.close();
  });
});
