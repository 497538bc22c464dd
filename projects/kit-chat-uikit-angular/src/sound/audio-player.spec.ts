import {TestBed} from '@angular/core/testing';
import {KitAudioPlayer} from './audio-player';

// The default player on jsdom, as an app's or the kit's own tests meet it: the workspace's setup-jest.ts gives
// jsdom's media elements a silent play/pause/load, so a passing run prints nothing (issue 38, item 9: three
// "Not implemented: HTMLMediaElement.prototype.*" stack traces made `npm test` look failed).
describe('KitHtmlAudioPlayer under Jest', () => {
  afterEach(() => jest.restoreAllMocks());

  it('should play and stop a track without a word on the console', async () => {
    const errors = jest.spyOn(console, 'error');
    const track = TestBed.inject(KitAudioPlayer).createTrack({url: 'ring.wav'});

    await expect(track.play()).resolves.toBeUndefined();
    track.stop();
    track.stop();

    expect(errors).not.toHaveBeenCalled();
  });
});
