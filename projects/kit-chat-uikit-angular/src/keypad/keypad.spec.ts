import {LiveAnnouncer} from '@angular/cdk/a11y';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {By} from '@angular/platform-browser';
import {KitCallsTestingController} from 'kit-chat-uikit-angular/testing';
import {FakeStream, FakeTrack} from '../devices/fake-media.spec-helper';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {OngoingCallHost, showOngoingCall} from '../ongoing-call/ongoing-call.spec-helper';
import {KitException} from '../sdk/kit-exception';
import {withKeypad} from './keypad-feature';
import {KitKeypadIntl} from './keypad-intl';

/** An AudioContext that records the frequencies it plays. */
class RecordingAudioContext {
  static played: number[][] = [];
  currentTime = 0;
  destination = {};
  readonly #chord: number[] = [];
  constructor() {
    RecordingAudioContext.played.push(this.#chord);
  }
  createGain = () => ({gain: {value: 0}, connect: () => undefined});
  createOscillator = () => {
    const wave = {
      frequency: {value: 0},
      connect: () => undefined,
      start: () => this.#chord.push(wave.frequency.value),
      stop: () => undefined,
    };
    return wave;
  };
  close = async () => undefined;
}

describe('withKeypad()', () => {
  let fixture: ComponentFixture<OngoingCallHost>;
  let sent: [string, string][];
  let refuse: Error | null;
  let announced: string[];

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    refuse = null;
    RecordingAudioContext.played = [];
    (globalThis as {AudioContext?: unknown}).AudioContext = RecordingAudioContext;
  });

  afterEach(() => {
    fixture?.destroy();
    fixture = undefined!;
    delete (globalThis as {AudioContext?: unknown}).AudioContext;
    jest.useRealTimers();
  });

  async function settle(ms = 10): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    fixture.detectChanges();
  }

  async function ongoing(digits = true): Promise<HTMLElement> {
    const local = new FakeStream([new FakeTrack('audio')]);
    fixture = await showOngoingCall(
      [withKeypad()],
      {
        remote: () => null,
        local: () => local,
        sendDigits: digits
          ? async (sessionId, keys) => {
              if (refuse) {
                throw refuse;
              }
              sent.push([sessionId, keys]);
            }
          : undefined,
      },
      'audio',
    );
    announced = [];
    jest
      .spyOn(TestBed.inject(LiveAnnouncer), 'announce')
      .mockImplementation(async message => void announced.push(String(message)));
    return fixture.nativeElement;
  }

  const toggle = (host: HTMLElement) =>
    host.querySelector<HTMLButtonElement>('.kit-keypad-toggle')!;
  const keys = (host: HTMLElement) => [
    ...host.querySelectorAll<HTMLButtonElement>('.kit-keypad-key'),
  ];
  const digits = (host: HTMLElement) =>
    host.querySelector('.kit-keypad-digits')?.textContent?.replace('Digits sent:', '').trim();
  const type = (target: EventTarget, key: string, init: KeyboardEventInit = {}) =>
    target.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, ...init}));

  it('should show no keypad with an adapter that cannot send digits', async () => {
    const host = await ongoing(false);
    expect(host.querySelector('.kit-keypad')!.hasAttribute('hidden')).toBe(true);
  });

  it('should open twelve labelled keys, send each key pressed, show it, say it and play its dual tone', async () => {
    const host = await ongoing();
    const id = fixture.componentInstance.call()!.sessionId;
    expect(host.querySelector('.kit-keypad')!.hasAttribute('hidden')).toBe(false);
    expect(toggle(host).getAttribute('aria-label')).toBe('Keypad');
    expect(toggle(host).getAttribute('aria-expanded')).toBe('false');
    toggle(host).click();
    await settle();
    expect(toggle(host).getAttribute('aria-expanded')).toBe('true');
    const panel = host.querySelector('.kit-keypad-panel')!;
    expect(panel.getAttribute('role')).toBe('group');
    expect(panel.getAttribute('aria-label')).toBe('Keypad');
    expect(toggle(host).getAttribute('aria-controls')).toBe(panel.id);
    expect(keys(host).map(key => key.getAttribute('aria-label'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      'Star',
      '0',
      'Pound',
    ]);

    keys(host)[0].click(); // 1
    keys(host)[11].click(); // #
    await settle();
    expect(sent).toEqual([
      [id, '1'],
      [id, '#'],
    ]);
    expect(digits(host)).toBe('1#');
    expect(announced).toEqual(['1 sent', 'Pound sent']);
    expect(RecordingAudioContext.played).toHaveLength(1); // One context for every key.
    const chord = RecordingAudioContext.played[0];
    expect(chord).toEqual([697, 1209, 941, 1477]); // 1 = 697 + 1209 Hz, # = 941 + 1477 Hz.
  });

  it('should send digits typed on the keyboard while open, not while closed nor typed in a text field or an editor', async () => {
    const host = await ongoing();
    type(host, '5');
    await settle();
    expect(sent).toEqual([]); // Closed: typing sends nothing.
    toggle(host).click();
    await settle();
    type(keys(host)[3], '5');
    type(document.body, '*');
    type(host, 'a');
    type(host, '7', {ctrlKey: true});
    const field = document.createElement('input');
    host.appendChild(field);
    type(field, '9');
    const editor = document.createElement('div');
    editor.setAttribute('contenteditable', '');
    host.appendChild(editor);
    type(editor, '8');
    await settle();
    expect(sent.map(([, key]) => key)).toEqual(['5', '*']);
    expect(digits(host)).toBe('5*');
  });

  it('should close on Escape and give the focus back to its button; the Escape goes no further', async () => {
    const host = await ongoing();
    const heard: string[] = [];
    const listener = (event: KeyboardEvent) => heard.push(event.key);
    document.addEventListener('keydown', listener);
    toggle(host).click();
    await settle();
    keys(host)[4].focus();
    type(keys(host)[4], 'Escape');
    await settle();
    expect(host.querySelector('.kit-keypad-panel')).toBeNull();
    expect(document.activeElement).toBe(toggle(host));
    // The dialog around the screen does not hear it (it would take the screen away).
    expect(heard).toEqual([]);
    // Closed, Escape is the page's again.
    type(toggle(host), 'Escape');
    expect(heard).toEqual(['Escape']);
    document.removeEventListener('keydown', listener);
  });

  it('should send no key pressed once the call ended, and not open again on the screen that says it ended', async () => {
    const host = await ongoing();
    const calls = TestBed.inject(KitCallsTestingController);
    toggle(host).click();
    await settle();
    // A key pressed as the call ends, before the screen rendered it: not sent.
    let pressed = 0;
    calls.sdk.addCallListener('spec', {
      onCallEnded: () => {
        keys(host)[2].click();
        pressed++;
      },
    });
    void calls.farSide.end(fixture.componentInstance.call()!.sessionId);
    await settle();
    expect(pressed).toBe(1);
    expect(sent).toEqual([]);
    expect(host.querySelector('.kit-keypad-panel')).toBeNull();
    toggle(host).click();
    await settle();
    expect(toggle(host).getAttribute('aria-expanded')).toBe('false');
    expect(host.querySelector('.kit-keypad-panel')).toBeNull();
  });

  it('should report a key the SDK refuses through (error), and keep the keypad', async () => {
    const host = await ongoing();
    const errors: KitException[] = [];
    fixture.debugElement
      .query(By.directive(KitOngoingCallComponent))
      .componentInstance.error.subscribe((error: KitException) => errors.push(error));
    refuse = new KitException('ERR_CALL_ENDED', 'gone');
    toggle(host).click();
    await settle();
    keys(host)[1].click();
    await settle();
    expect(errors.map(error => error.code)).toEqual(['ERR_CALL_ENDED']);
    expect(keys(host)).toHaveLength(12);
  });

  it('should take its words from KitKeypadIntl', async () => {
    const host = await ongoing();
    const intl = TestBed.inject(KitKeypadIntl);
    intl.keypad = 'Tastenfeld';
    intl.star = 'Stern';
    intl.changes.next();
    toggle(host).click();
    await settle();
    expect(toggle(host).getAttribute('aria-label')).toBe('Tastenfeld');
    expect(keys(host)[9].getAttribute('aria-label')).toBe('Stern');
  });
});
