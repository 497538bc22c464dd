import {kitStreamHasVideo, kitStreamMuted} from './group-tiles';

/** A stream with one video track in the given state, and a live audio track. */
function withVideo(track: {
  readyState?: MediaStreamTrackState;
  muted?: boolean;
  enabled?: boolean;
}) {
  const video = {kind: 'video', readyState: 'live', muted: false, enabled: true, ...track};
  const audio = {kind: 'audio', readyState: 'live', muted: false, enabled: true};
  return {getVideoTracks: () => [video], getAudioTracks: () => [audio]} as unknown as MediaStream;
}

describe('Group call tiles: what a stream shows', () => {
  it('should show the picture of a live, unmuted, enabled camera, and the avatar otherwise', () => {
    expect(kitStreamHasVideo(withVideo({}))).toBe(true);
    // A camera that stopped (unplugged, or ended by the far side) shows the avatar, not a frozen or black picture.
    expect(kitStreamHasVideo(withVideo({readyState: 'ended'}))).toBe(false);
    // A camera whose frames stopped coming (muted by the network or the far side) shows the avatar too.
    expect(kitStreamHasVideo(withVideo({muted: true}))).toBe(false);
    expect(kitStreamHasVideo(withVideo({enabled: false}))).toBe(false);
    expect(kitStreamHasVideo(null)).toBe(false);
  });

  it('should read a stream as muted only when it has sound tracks and all of them are off', () => {
    expect(kitStreamMuted(withVideo({}))).toBe(false);
    const noAudio = {getAudioTracks: () => [], getVideoTracks: () => []} as unknown as MediaStream;
    expect(kitStreamMuted(noAudio)).toBe(false);
    expect(kitStreamMuted(null)).toBe(false);
  });
});
