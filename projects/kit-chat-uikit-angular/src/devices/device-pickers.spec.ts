import {Component, signal} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitCallsFeature} from '../core/calls-feature';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitCallMediaSource} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {withDevicePickers} from './device-features';
import {KitDevicePickersIntl} from './device-pickers-intl';
import {
  FakeMediaDevices,
  FakeStream,
  FakeTrack,
  fakeDevice,
  installFakeMedia,
} from './fake-media.spec-helper';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

@Component({
  imports: [KitOngoingCallComponent],
  template: `@if (call(); as call) {
    <kit-ongoing-call [call]="call" (error)="errors.push($event)" />
  }`,
})
class Host {
  readonly call = signal<KitCall | null>(null);
  readonly errors: KitException[] = [];
}

type SinkElement = HTMLMediaElement & {sinkId: string; setSinkId(id: string): Promise<void>};

describe('withDevicePickers()', () => {
  let calls: KitCallsTestingController;
  let fixture: ComponentFixture<Host>;
  let media: {devices: FakeMediaDevices; restore: () => void};
  let local: FakeStream;
  let sdk: KitCallMediaSource;
  let sinks: string[];
  let refuseSink: Error | null;

  beforeEach(() => {
    jest.useFakeTimers();
    media = installFakeMedia();
    media.devices.devices = [
      fakeDevice('audioinput', 'mic-1', 'Built-in microphone'),
      fakeDevice('audioinput', 'mic-2', 'Headset microphone'),
      fakeDevice('videoinput', 'cam-1', 'Built-in camera'),
      fakeDevice('videoinput', 'cam-2', ''),
      fakeDevice('audiooutput', 'out-1', 'Speakers'),
      fakeDevice('audiooutput', 'out-2', 'Headset'),
    ];
    local = new FakeStream([new FakeTrack('audio', 'mic-1'), new FakeTrack('video', 'cam-1')]);
    sinks = [];
    refuseSink = null;
    // jsdom's media elements cannot choose an output.
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
      configurable: true,
      value: function (this: SinkElement, id: string) {
        if (refuseSink) {
          return Promise.reject(refuseSink);
        }
        sinks.push(id);
        Object.defineProperty(this, 'sinkId', {value: id, configurable: true});
        return Promise.resolve();
      },
    });
  });

  afterEach(() => {
    fixture?.destroy();
    fixture = undefined!;
    media.restore();
    delete (HTMLMediaElement.prototype as Partial<SinkElement>).setSinkId;
    jest.useRealTimers();
  });

  async function settle(ms = 10): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    fixture.detectChanges();
  }

  /** Ada calls me, I accept, and the ongoing screen shows the call with these features. */
  async function ongoing(features: KitCallsFeature[], type = 'video', withSwitch = true) {
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({config: {autoRing: false}, features})],
    });
    calls = TestBed.inject(KitCallsTestingController);
    sdk = calls.sdk as unknown as KitCallMediaSource;
    sdk.getLocalStream = () => local as unknown as MediaStream;
    sdk.getRemoteStream = () => new FakeStream([new FakeTrack('video')]) as unknown as MediaStream;
    if (withSwitch) {
      sdk.selectInputDevice = jest.fn(async (_id, kind, deviceId) => {
        const trackKind = kind === 'audioinput' ? 'audio' : 'video';
        local = new FakeStream([
          ...local.getTracks().filter(track => track.kind !== trackKind),
          new FakeTrack(trackKind, deviceId),
        ]);
      });
    }
    fixture = TestBed.createComponent(Host);
    const ringing = calls.farSide.ring(ADA, calls.me, type);
    await jest.advanceTimersByTimeAsync(10);
    const accepted = calls.sdk.acceptCall((await ringing).sessionId);
    await jest.advanceTimersByTimeAsync(10);
    const call = await accepted;
    fixture.componentInstance.call.set(call);
    fixture.detectChanges();
    await settle();
    return {host: fixture.nativeElement as HTMLElement, call};
  }

  const toggle = (host: HTMLElement) =>
    host.querySelector<HTMLButtonElement>('.kit-device-pickers-toggle');
  const picker = (host: HTMLElement, kind: string) =>
    host.querySelector<HTMLSelectElement>(`.kit-device-pickers-${kind}`);

  async function open(host: HTMLElement): Promise<void> {
    toggle(host)!.click();
    await settle();
  }

  async function choose(host: HTMLElement, kind: string, deviceId: string): Promise<void> {
    const select = picker(host, kind)!;
    select.value = deviceId;
    select.dispatchEvent(new Event('change'));
    await settle();
  }

  it('should add nothing to the ongoing screen of an app that does not name it', async () => {
    const {host} = await ongoing([]);
    expect(host.querySelector('kit-device-pickers')).toBeNull();
  });

  it('should open labelled microphone, camera and speaker pickers from a Devices button', async () => {
    const {host} = await ongoing([withDevicePickers()]);
    const button = toggle(host)!;
    expect(button.getAttribute('aria-label')).toBe('Devices');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await open(host);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = host.querySelector('.kit-device-pickers-panel')!;
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    const labels = [...panel.querySelectorAll('label')].map(label => ({
      text: label.textContent?.trim(),
      options: [...document.getElementById(label.htmlFor)!.querySelectorAll('option')].map(o =>
        o.textContent?.trim(),
      ),
    }));
    expect(labels).toEqual([
      {text: 'Microphone', options: ['Built-in microphone', 'Headset microphone']},
      {text: 'Camera', options: ['Built-in camera', 'Camera 2']},
      {text: 'Speaker', options: ['Speakers', 'Headset']},
    ]);
    expect(picker(host, 'audioinput')!.value).toBe('mic-1');
  });

  it('should say its labels again in the language they switch to, also the unnamed devices', async () => {
    const {host} = await ongoing([withDevicePickers()]);
    await open(host);
    const intl = TestBed.inject(KitDevicePickersIntl);

    Object.assign(intl, {devices: 'Geräte', microphone: 'Mikrofon', camera: 'Kamera'});
    intl.unnamedDevice = (kind, index) => `${kind} Nr. ${index}`;
    intl.changes.next();
    await settle();

    const panel = host.querySelector('.kit-device-pickers-panel')!;
    expect(toggle(host)!.getAttribute('aria-label')).toBe('Geräte');
    expect([...panel.querySelectorAll('label')].map(label => label.textContent?.trim())).toEqual([
      'Mikrofon',
      'Kamera',
      'Speaker',
    ]);
    expect(picker(host, 'videoinput')!.textContent).toContain('Kamera Nr. 2');
  });

  it('should switch the microphone through the SDK, and show the device in use', async () => {
    const {host, call} = await ongoing([withDevicePickers()]);
    await open(host);
    await choose(host, 'audioinput', 'mic-2');
    expect(sdk.selectInputDevice).toHaveBeenCalledWith(call.sessionId, 'audioinput', 'mic-2');
    await settle(1000); // The screen asks for the new stream.
    expect(picker(host, 'audioinput')!.value).toBe('mic-2');
  });

  it('should report a switch that fails through (error), and keep showing the device in use', async () => {
    const {host} = await ongoing([withDevicePickers()]);
    sdk.selectInputDevice = jest.fn(() => Promise.reject(new Error('NotReadableError')));
    await open(host);
    await choose(host, 'videoinput', 'cam-2');
    const errors = fixture.componentInstance.errors;
    expect(errors.map(error => error.code)).toEqual([KitErrorCodes.SDK]);
    expect(errors[0].message).toContain('camera');
    expect(picker(host, 'videoinput')!.value).toBe('cam-1');
  });

  it('should list a device plugged in during the call', async () => {
    const {host} = await ongoing([withDevicePickers()]);
    await open(host);
    media.devices.plug([
      ...media.devices.devices,
      fakeDevice('audioinput', 'mic-usb', 'USB microphone'),
    ]);
    await settle();
    const options = [...picker(host, 'audioinput')!.options].map(option => option.value);
    expect(options).toEqual(['mic-1', 'mic-2', 'mic-usb']);
  });

  it('should play the call on the speaker picked, and report an output that cannot be used', async () => {
    const {host} = await ongoing([withDevicePickers()]);
    await open(host);
    await choose(host, 'audiooutput', 'out-2');
    const remote = host.querySelector('.kit-ongoing-call-remote-video') as SinkElement;
    expect(sinks).toEqual(['out-2']);
    expect(remote.sinkId).toBe('out-2');

    refuseSink = new DOMException('gone', 'NotFoundError');
    await choose(host, 'audiooutput', 'out-1');
    expect(fixture.componentInstance.errors.map(error => error.code)).toEqual([KitErrorCodes.SDK]);
    expect(remote.sinkId).toBe('out-2');
    expect(picker(host, 'audiooutput')!.value).toBe('out-2');
  });

  it('should offer only the speaker when the SDK cannot switch devices, and no camera in a voice call', async () => {
    const {host} = await ongoing([withDevicePickers()], 'video', false);
    await open(host);
    expect(picker(host, 'audioinput')).toBeNull();
    expect(picker(host, 'audiooutput')).not.toBeNull();
    fixture.destroy();
    TestBed.resetTestingModule();

    const voice = await ongoing([withDevicePickers()], 'audio');
    await open(voice.host);
    expect(picker(voice.host, 'audioinput')).not.toBeNull();
    expect(picker(voice.host, 'videoinput')).toBeNull();
  });

  it('should close on Escape and give focus back to the Devices button; the Escape goes no further', async () => {
    const {host} = await ongoing([withDevicePickers()]);
    const heard: string[] = [];
    const listener = (event: KeyboardEvent) => heard.push(event.key);
    document.addEventListener('keydown', listener);
    await open(host);
    picker(host, 'audioinput')!.focus();
    picker(host, 'audioinput')!.dispatchEvent(
      new KeyboardEvent('keydown', {key: 'Escape', keyCode: 27, bubbles: true}),
    );
    await settle();
    document.removeEventListener('keydown', listener);
    expect(host.querySelector('.kit-device-pickers-panel')).toBeNull();
    expect(document.activeElement).toBe(toggle(host));
    expect(toggle(host)!.getAttribute('aria-expanded')).toBe('false');
    // The dialog around the screen does not hear it (it would take the screen away).
    expect(heard).toEqual([]);
  });
});
