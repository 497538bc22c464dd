import {KitErrorCodes} from 'kit-chat-uikit-angular';
import {
  FakeMediaDevices,
  FakeStream,
  FakeTrack,
  installFakeMedia,
} from '../src/devices/fake-media.spec-helper';
import {KitSipSwitchable, kitSipSwitchInput} from './sip-media';

/** An RTCRtpSender that records the tracks it was given. */
class FakeSender {
  readonly replaced: FakeTrack[] = [];
  refuse: Error | null = null;
  constructor(public track: FakeTrack | null) {}
  async replaceTrack(track: FakeTrack): Promise<void> {
    if (this.refuse) {
      throw this.refuse;
    }
    this.replaced.push(track);
    this.track = track;
  }
}

describe('kitSipSwitchInput (the SIP adapter’s selectInputDevice)', () => {
  let media: {devices: FakeMediaDevices; restore: () => void};
  let mic: FakeTrack;
  let camera: FakeTrack;
  let senders: FakeSender[];
  let entry: KitSipSwitchable & {done: boolean};

  beforeEach(() => {
    media = installFakeMedia();
    mic = new FakeTrack('audio', 'mic-1');
    camera = new FakeTrack('video', 'cam-1');
    senders = [new FakeSender(mic), new FakeSender(camera)];
    entry = {
      local: new FakeStream([mic, camera]) as unknown as MediaStream,
      session: {connection: {getSenders: () => senders} as unknown as RTCPeerConnection},
      done: false,
    };
  });

  afterEach(() => media.restore());

  it('should send the new microphone instead of the old one, keep it muted, and stop the old one', async () => {
    mic.enabled = false;
    const before = entry.local;
    await kitSipSwitchInput(entry, 'audioinput', 'mic-2');

    expect(media.devices.asked).toEqual([{audio: {deviceId: {exact: 'mic-2'}}}]);
    const [sent] = senders[0].replaced;
    expect(sent.getSettings().deviceId).toBe('mic-2');
    expect(sent.enabled).toBe(false);
    expect(senders[1].replaced).toEqual([]); // The camera's sender is left alone.
    expect(mic.readyState).toBe('ended');
    expect(entry.local).not.toBe(before);
    expect(entry.local!.getTracks()).toEqual([camera, sent]);
  });

  it('should keep the old camera and reject with ERR_SDK when the new one cannot be opened', async () => {
    media.devices.refuse = {error: new DOMException('busy', 'NotReadableError')};
    const before = entry.local;
    await expect(kitSipSwitchInput(entry, 'videoinput', 'cam-2')).rejects.toMatchObject({
      code: KitErrorCodes.SDK,
    });
    expect(camera.readyState).toBe('live');
    expect(entry.local).toBe(before);
  });

  it('should stop the new track and keep the old one when the sender refuses it', async () => {
    senders[1].refuse = new Error('InvalidModificationError');
    await expect(kitSipSwitchInput(entry, 'videoinput', 'cam-2')).rejects.toMatchObject({
      code: KitErrorCodes.SDK,
    });
    expect(media.devices.opened.map(track => track.readyState)).toEqual(['ended']);
    expect(camera.readyState).toBe('live');
  });

  it('should reject with ERR_CALL_ENDED once the call is over, and stop a device that opens after the end', async () => {
    entry.done = true;
    await expect(kitSipSwitchInput(entry, 'audioinput', 'mic-2')).rejects.toMatchObject({
      code: KitErrorCodes.CALL_ENDED,
    });
    entry.done = false;
    const switching = kitSipSwitchInput(entry, 'audioinput', 'mic-2');
    entry.done = true; // The call ends while getUserMedia asks.
    await expect(switching).rejects.toMatchObject({code: KitErrorCodes.CALL_ENDED});
    expect(media.devices.opened.map(track => track.readyState)).toEqual(['ended']);
    expect(mic.readyState).toBe('live');
  });
});
