import {TestBed} from '@angular/core/testing';
import {KitFakeAudioPlayer} from '../../testing/fake-audio-player';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitAudioPlayer} from './audio-player';
import {KitRingtone} from './ringtone';
import {kitToneWav} from './tones';

describe('KitRingtone', () => {
  let ringtone: KitRingtone;
  let player: KitFakeAudioPlayer;

  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [KitFakeAudioPlayer, {provide: KitAudioPlayer, useExisting: KitFakeAudioPlayer}],
    });
    ringtone = TestBed.inject(KitRingtone);
    player = TestBed.inject(KitFakeAudioPlayer);
  });

  const flush = () => new Promise(resolve => setTimeout(resolve));

  it('should play the built-in ringtone for incoming calls and the ringback for outgoing ones', async () => {
    const incoming = ringtone.start('incoming');
    const outgoing = ringtone.start('outgoing');
    await flush();
    expect(player.playing()).toEqual([{tone: 'ringtone'}, {tone: 'ringback'}]);
    expect(incoming.state()).toBe('playing');
    expect(outgoing.state()).toBe('playing');
  });

  it('should play a custom sound URL instead of the built-in tone', async () => {
    ringtone.start('incoming', {url: '/assets/ring.mp3'});
    await flush();
    expect(player.playing()).toEqual([{url: '/assets/ring.mp3'}]);
  });

  it('should give two calls two tracks: stopping one leaves the other ringing', async () => {
    const first = ringtone.start('incoming');
    ringtone.start('incoming');
    await flush();
    first.stop();
    expect(player.playing()).toEqual([{tone: 'ringtone'}]);
    expect(player.tracks).toHaveLength(2);
  });

  it('should be safe to stop more than once', async () => {
    const ref = ringtone.start('outgoing');
    await flush();
    ref.stop();
    expect(() => ref.stop()).not.toThrow();
    expect(ref.state()).toBe('stopped');
    expect(player.playing()).toEqual([]);
  });

  it('should report a play() refused by the autoplay policy as blocked, without an unhandled rejection', async () => {
    player.refusePlay('NotAllowedError');
    const errors: KitException[] = [];
    const ref = ringtone.start('incoming', {onError: error => errors.push(error)});
    await flush();
    expect(ref.state()).toBe('blocked');
    expect(errors.map(error => error.code)).toEqual([KitErrorCodes.SOUND_BLOCKED]);
    expect(player.playing()).toEqual([]);
  });

  it('should start the sound on the next user gesture when it was blocked and still rings', async () => {
    player.refusePlay('NotAllowedError');
    const ref = ringtone.start('incoming');
    await flush();
    player.refusePlay(null);
    document.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(ref.state()).toBe('playing');
    expect(player.playing()).toEqual([{tone: 'ringtone'}]);
  });

  it('should not start on a gesture once the call was stopped', async () => {
    player.refusePlay('NotAllowedError');
    const ref = ringtone.start('incoming');
    await flush();
    ref.stop();
    player.refusePlay(null);
    document.dispatchEvent(new KeyboardEvent('keydown'));
    await flush();
    expect(player.playing()).toEqual([]);
    expect(ref.state()).toBe('stopped');
  });

  it('should report a sound that cannot be played as failed', async () => {
    player.refusePlay('NotSupportedError');
    const errors: KitException[] = [];
    const ref = ringtone.start('incoming', {url: 'nope.xyz', onError: error => errors.push(error)});
    await flush();
    expect(ref.state()).toBe('failed');
    expect(errors[0].code).toBe(KitErrorCodes.SOUND_FAILED);
    expect(errors[0].details).toBeInstanceOf(DOMException);
  });

  it('should say nothing of a play() refused after the ringtone was stopped', async () => {
    player.refusePlay('NotAllowedError');
    const errors: KitException[] = [];
    const ref = ringtone.start('incoming', {onError: error => errors.push(error)});
    ref.stop(); // The call was answered elsewhere before the browser's answer came.
    await flush();
    expect(ref.state()).toBe('stopped');
    expect(errors).toEqual([]);
  });

  it('should not play a track whose play() resolves after stop', async () => {
    const ref = ringtone.start('incoming');
    ref.stop();
    await flush();
    expect(ref.state()).toBe('stopped');
    expect(player.playing()).toEqual([]);
  });
});

describe('kitToneWav', () => {
  it('should synthesise a playable 8 kHz mono WAV file for each built-in tone', () => {
    for (const tone of ['ringtone', 'ringback'] as const) {
      const bytes = kitToneWav(tone);
      const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
      const view = new DataView(bytes.buffer);
      expect(text(0, 4)).toBe('RIFF');
      expect(text(8, 12)).toBe('WAVE');
      expect(view.getUint32(24, true)).toBe(8000);
      expect(view.getUint32(40, true)).toBe(bytes.length - 44);
      // Not silence: the samples move away from the 8-bit mid-point.
      expect(Math.max(...bytes.slice(44, 4000))).toBeGreaterThan(200);
    }
  });
});
