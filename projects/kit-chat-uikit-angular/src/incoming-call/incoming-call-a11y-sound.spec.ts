import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Component, signal} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {KitException, KitUser} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitIncomingCallComponent} from './incoming-call';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

@Component({
  imports: [KitIncomingCallComponent],
  template: `
    <button type="button" class="outside">Before</button>
    @if (mounted()) {
      <kit-incoming-call
        [disableSoundForCalls]="muted()"
        [customSoundForCalls]="sound()"
        [onError]="onError"
        (error)="errors.push($event)"
      />
    }
    @if (second()) {
      <kit-incoming-call />
    }
    <input class="elsewhere" aria-label="Message" />
  `,
})
class Host {
  readonly mounted = signal(true);
  readonly second = signal(false);
  readonly muted = signal(false);
  readonly sound = signal<string | null>(null);
  readonly onError = jest.fn<void, [KitException]>();
  errors: KitException[] = [];
}

async function setup() {
  TestBed.configureTestingModule({
    providers: [provideKitCallsTesting({config: {autoRing: false}})],
  });
  const calls = TestBed.inject(KitCallsTestingController);
  const announce = jest.spyOn(TestBed.inject(LiveAnnouncer), 'announce');
  const fixture: ComponentFixture<Host> = TestBed.createComponent(Host);
  await fixture.whenStable();
  const el = fixture.nativeElement as HTMLElement;
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise(resolve => setTimeout(resolve));
      await fixture.whenStable();
    }
  };
  const ring = async (type = 'audio') => {
    const call = await calls.farSide.ring(ADA, calls.me, type);
    await settle();
    return call;
  };
  const screen = () => el.querySelector<HTMLElement>('kit-incoming-call')!;
  /** Waits until the screen hid its call (a state, however slow the machine), then for the render after it. */
  const gone = async () => {
    for (let i = 0; i < 200 && !screen().hasAttribute('hidden'); i++) {
      await new Promise(resolve => setTimeout(resolve, 50));
    }
    expect(screen().hasAttribute('hidden')).toBe(true);
    await settle();
  };
  const button = (which: 'accept' | 'reject') =>
    el.querySelector<HTMLButtonElement>(`.kit-incoming-call-${which}-button`)!;
  return {
    fixture,
    calls,
    el,
    settle,
    ring,
    screen,
    button,
    gone,
    announce,
    host: fixture.componentInstance,
  };
}

describe('KitIncomingCallComponent: accessibility (spec §4.4)', () => {
  it('should be a modal alert dialog labelled by who calls how, and described by the call type', async () => {
    const {ring, screen} = await setup();
    await ring('video');
    expect(screen().getAttribute('role')).toBe('alertdialog');
    expect(screen().getAttribute('aria-modal')).toBe('true');
    const label = document.getElementById(screen().getAttribute('aria-labelledby')!);
    const description = document.getElementById(screen().getAttribute('aria-describedby')!);
    expect(label?.textContent?.trim()).toBe('Incoming video call from Ada Lovelace');
    expect(description?.textContent?.trim()).toBe('Incoming video call');
  });

  it('should use ids unique to each instance', async () => {
    const {ring, el, host, fixture} = await setup();
    host.second.set(true);
    await fixture.whenStable();
    await ring();
    const [first, second] = Array.from(el.querySelectorAll('kit-incoming-call'));
    expect(first.getAttribute('aria-labelledby')).not.toBe(second.getAttribute('aria-labelledby'));
    expect(el.querySelectorAll(`#${first.getAttribute('aria-labelledby')}`)).toHaveLength(1);
  });

  it('should announce the call once through the LiveAnnouncer', async () => {
    const {ring, announce, settle} = await setup();
    await ring('video');
    await settle();
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce).toHaveBeenCalledWith('Incoming video call from Ada Lovelace', 'assertive');
  });

  it('should label the accept and reject buttons with the call type and the caller, and hide the call type icon', async () => {
    const {ring, button, el} = await setup();
    await ring('video');
    expect(button('accept').tagName).toBe('BUTTON');
    expect(button('accept').type).toBe('button');
    expect(button('accept').getAttribute('aria-label')).toBe('Accept video call from Ada Lovelace');
    expect(button('reject').getAttribute('aria-label')).toBe(
      'Decline video call from Ada Lovelace',
    );
    expect(el.querySelector('.kit-incoming-call-type-icon')?.getAttribute('aria-hidden')).toBe(
      'true',
    );
  });

  it('should move focus to the screen itself, never to accept, and give it back when the screen closes', async () => {
    const {ring, button, el, calls, settle, screen} = await setup();
    const outside = el.querySelector<HTMLButtonElement>('.outside')!;
    outside.focus();
    const call = await ring();
    expect(document.activeElement).toBe(screen());
    expect(document.activeElement).not.toBe(button('accept'));
    await calls.farSide.cancel(call.sessionId);
    await settle();
    expect(document.activeElement).toBe(outside);
  });

  it("should load the CDK's visually-hidden styles itself, so screen-reader text never shows on the page", async () => {
    const {ring, screen} = await setup();
    await ring();
    const css = Array.from(document.querySelectorAll('style'), style => style.textContent).join(
      '\n',
    );
    expect(css).toContain('.cdk-visually-hidden');
    // The dialog's label is that text: clipped out of sight by those styles.
    const label = document.getElementById(screen().getAttribute('aria-labelledby')!)!;
    expect(getComputedStyle(label).position).toBe('absolute');
    expect(getComputedStyle(label).overflow).toBe('hidden');
    expect(getComputedStyle(label).width).toBe('1px');
  });

  it('should not answer with a key held down since before the call appeared', async () => {
    const {ring, button} = await setup();
    await ring('video');
    const held = new KeyboardEvent('keydown', {
      key: 'Enter',
      keyCode: 13,
      repeat: true,
      bubbles: true,
      cancelable: true,
    });
    button('accept').dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    const fresh = new KeyboardEvent('keydown', {key: 'Enter', bubbles: true, cancelable: true});
    button('accept').dispatchEvent(fresh);
    expect(fresh.defaultPrevented).toBe(false);
  });

  it('should not answer with a Space held down since before the call appeared', async () => {
    const {ring, button} = await setup();
    await ring('video');
    const held = new KeyboardEvent('keydown', {
      key: ' ',
      keyCode: 32,
      repeat: true,
      bubbles: true,
      cancelable: true,
    });
    button('accept').dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    const fresh = new KeyboardEvent('keydown', {
      key: ' ',
      keyCode: 32,
      bubbles: true,
      cancelable: true,
    });
    button('accept').dispatchEvent(fresh);
    expect(fresh.defaultPrevented).toBe(false);
  });

  it('should reach decline, then accept, with Tab', async () => {
    const {ring, button, screen} = await setup();
    await ring();
    const tabbable = Array.from(screen().querySelectorAll<HTMLElement>('button, [tabindex="0"]'));
    expect(tabbable).toEqual([button('reject'), button('accept')]);
  });

  it('should keep Tab inside the screen while a call rings, and let go of it once the call left', async () => {
    const {ring, calls, settle, screen, el} = await setup();
    // The trap's anchors sit around the screen; only live ones take Tab.
    const liveAnchors = () =>
      Array.from(el.querySelectorAll<HTMLElement>('.cdk-focus-trap-anchor[tabindex="0"]'));
    expect(liveAnchors()).toEqual([]);
    const call = await ring();
    expect(liveAnchors()).toHaveLength(2);
    expect(liveAnchors()[0].nextElementSibling).toBe(screen());
    await calls.farSide.cancel(call.sessionId);
    await settle();
    expect(screen().hasAttribute('hidden')).toBe(true);
    expect(liveAnchors()).toEqual([]);
  });

  it('should give focus back when destroyed while ringing', async () => {
    const {ring, el, host, fixture} = await setup();
    const outside = el.querySelector<HTMLButtonElement>('.outside')!;
    outside.focus();
    await ring();
    host.mounted.set(false);
    await fixture.whenStable();
    expect(document.activeElement).toBe(outside);
  });

  it('should leave focus where the user moved it when the call leaves, not pull it back', async () => {
    const {ring, el, calls, screen, gone} = await setup();
    const outside = el.querySelector<HTMLButtonElement>('.outside')!;
    const elsewhere = el.querySelector<HTMLInputElement>('.elsewhere')!;
    outside.focus();
    const call = await ring();
    expect(screen().contains(document.activeElement) || screen() === document.activeElement).toBe(
      true,
    );
    // The user clicks into the page's message box while it rings.
    elsewhere.focus();
    await calls.farSide.cancel(call.sessionId);
    await gone(); // The ending stays on screen for a moment first.
    expect(document.activeElement).toBe(elsewhere);
  });

  it('should not reject nor close on Escape', async () => {
    const {ring, button, calls, settle, screen} = await setup();
    const call = await ring();
    button('accept').dispatchEvent(
      new KeyboardEvent('keydown', {key: 'Escape', keyCode: 27, bubbles: true}),
    );
    await settle();
    expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('initiated');
    expect(screen().getAttribute('role')).toBe('alertdialog');
  });
});

describe('KitIncomingCallComponent: sound (spec §4.2)', () => {
  it('should ring the built-in ringtone while ringing', async () => {
    const {ring, calls} = await setup();
    await ring();
    expect(calls.audio.playing()).toEqual([{tone: 'ringtone'}]);
  });

  it('should ring the custom sound, and switch at once when it changes', async () => {
    const {ring, calls, host, fixture} = await setup();
    host.sound.set('ring.mp3');
    await fixture.whenStable();
    await ring();
    expect(calls.audio.playing()).toEqual([{url: 'ring.mp3'}]);
    host.sound.set('other.mp3');
    await fixture.whenStable();
    expect(calls.audio.playing()).toEqual([{url: 'other.mp3'}]);
    expect(calls.audio.tracks.filter(track => track.stopped)).toHaveLength(1);
  });

  it('should follow disableSoundForCalls at any time', async () => {
    const {ring, calls, host, fixture} = await setup();
    host.muted.set(true);
    await fixture.whenStable();
    await ring();
    expect(calls.audio.playing()).toEqual([]);
    host.muted.set(false);
    await fixture.whenStable();
    expect(calls.audio.playing()).toEqual([{tone: 'ringtone'}]);
    host.muted.set(true);
    await fixture.whenStable();
    expect(calls.audio.playing()).toEqual([]);
  });

  it.each(['accept', 'reject', 'cancel', 'destroy'] as const)(
    'should stop the ringtone on %s',
    async way => {
      const {ring, calls, button, settle, host} = await setup();
      const call = await ring();
      expect(calls.audio.playing()).toHaveLength(1);
      if (way === 'cancel') {
        await calls.farSide.cancel(call.sessionId);
      } else if (way === 'destroy') {
        host.mounted.set(false);
      } else {
        button(way).click();
      }
      await settle();
      expect(calls.audio.playing()).toEqual([]);
      expect(calls.audio.tracks.every(track => track.stopped)).toBe(true);
    },
  );

  it('should report a blocked ringtone and show a cue, then ring after a user gesture', async () => {
    const {ring, calls, host, el, settle} = await setup();
    calls.audio.refusePlay('NotAllowedError');
    await ring();
    expect(host.errors.map(error => error.code)).toEqual(['ERR_SOUND_BLOCKED']);
    expect(host.onError).toHaveBeenCalledWith(host.errors[0]);
    const cue = el.querySelector('.kit-incoming-call-status')!;
    expect(cue.getAttribute('role')).toBe('status');
    expect(cue.textContent).toContain('Sound is off');
    calls.audio.refusePlay(null);
    document.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(calls.audio.playing()).toEqual([{tone: 'ringtone'}]);
    expect(cue.textContent?.trim()).toBe('');
  });

  it('should stay silent after the end even if the user interacts with a blocked ringtone', async () => {
    const {ring, calls, settle} = await setup();
    calls.audio.refusePlay('NotAllowedError');
    const call = await ring();
    await calls.farSide.cancel(call.sessionId);
    await settle();
    calls.audio.refusePlay(null);
    document.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(calls.audio.playing()).toEqual([]);
  });
});
