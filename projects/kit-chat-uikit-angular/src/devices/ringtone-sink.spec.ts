import {TestBed} from '@angular/core/testing';
import {KitCallsFeature} from '../core/calls-feature';
import {KitUIKitConfig} from '../core/config';
import {provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitHtmlAudioPlayer} from '../sound/audio-player';
import {withDevicePickers} from './device-features';

type SinkElement = HTMLMediaElement & {setSinkId?(id: string): Promise<void>};

describe('ringtoneOutput', () => {
  let sinks: string[];
  let refuse: Error | null;
  let played: HTMLMediaElement[];
  const {play, pause, load} = HTMLMediaElement.prototype;

  beforeEach(() => {
    sinks = [];
    refuse = null;
    played = [];
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this);
      return Promise.resolve();
    };
    // jsdom plays nothing: stopping the sound is a no-op.
    HTMLMediaElement.prototype.pause = () => {};
    HTMLMediaElement.prototype.load = () => {};
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
      configurable: true,
      value: (id: string) =>
        refuse ? Promise.reject(refuse) : (sinks.push(id), Promise.resolve()),
    });
  });

  afterEach(() => {
    Object.assign(HTMLMediaElement.prototype, {play, pause, load});
    delete (HTMLMediaElement.prototype as Partial<SinkElement>).setSinkId;
  });

  /** The ringtone's player of an app with this config and these features. */
  function player(config: KitUIKitConfig, features: KitCallsFeature[]): KitHtmlAudioPlayer {
    TestBed.configureTestingModule({providers: [provideKitCallsTesting({config, features})]});
    return TestBed.runInInjectionContext(() => new KitHtmlAudioPlayer());
  }

  it('should ring on the output of ringtoneOutput', async () => {
    const track = player({ringtoneOutput: 'speakers'}, [withDevicePickers()]).createTrack({
      url: 'ring.wav',
    });
    await track.play();
    expect(sinks).toEqual(['speakers']);
    expect(played).toHaveLength(1);
    track.stop();
  });

  it('should report an output that cannot be used through onError, and ring on the default one', async () => {
    const errors: KitException[] = [];
    refuse = new DOMException('Requested device not found', 'NotFoundError');
    const track = player({ringtoneOutput: 'unplugged', onError: error => errors.push(error)}, [
      withDevicePickers(),
    ]).createTrack({url: 'ring.wav'});
    await expect(track.play()).resolves.toBeUndefined();
    await Promise.resolve();
    expect(played).toHaveLength(1);
    expect(errors.map(error => error.code)).toEqual([KitErrorCodes.SOUND_FAILED]);
    expect(errors[0].message).toContain('unplugged');
    track.stop();
  });

  it('should report a browser that cannot choose an output', async () => {
    delete (HTMLMediaElement.prototype as Partial<SinkElement>).setSinkId;
    const errors: KitException[] = [];
    const track = player({ringtoneOutput: 'speakers', onError: error => errors.push(error)}, [
      withDevicePickers(),
    ]).createTrack({url: 'ring.wav'});
    await track.play();
    expect(played).toHaveLength(1);
    expect(errors.map(error => error.code)).toEqual([KitErrorCodes.SOUND_FAILED]);
    track.stop();
  });

  it('should leave the output alone without ringtoneOutput, or without withDevicePickers()', async () => {
    await player({}, [withDevicePickers()]).createTrack({url: 'ring.wav'}).play();
    TestBed.resetTestingModule();
    await player({ringtoneOutput: 'speakers'}, []).createTrack({url: 'ring.wav'}).play();
    expect(sinks).toEqual([]);
    expect(played).toHaveLength(2);
  });
});
