import {KitErrorCodes, KitException, KitMediaInputKind} from 'kit-chat-uikit-angular';
import type {KitSipSession} from './sip-types';

/**
 * Asks for the microphone, and the camera for a video call.
 * @param video Whether the camera is wanted too.
 * @returns The stream; rejects with `ERR_CALL_FAILED` (permission denied, no device).
 * @docs-private
 */
export async function kitSipGetUserMedia(video: boolean): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({audio: true, video});
  } catch (error) {
    throw new KitException(
      KitErrorCodes.CALL_FAILED,
      `No ${video ? 'camera or ' : ''}microphone: ${(error as Error)?.name ?? error}`,
      error,
    );
  }
}

/**
 * Stops every track of a stream (the camera light goes off).
 * @docs-private
 */
export function kitSipStopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach(track => track.stop());
}

/** What a watched peer connection reports. @docs-private */
export interface KitSipPeerEvents {
  /** A track arrived from the other side. */
  track(track: MediaStreamTrack): void;
  /** The ICE connection state changed (`disconnected` and `failed`: the media path dropped). */
  ice(state: RTCIceConnectionState): void;
}

const WATCHED = new WeakSet<RTCPeerConnection>();

/**
 * Listens to a peer connection once (JsSIP may hand the same one over twice).
 * @param peer The call's peer connection, or nothing yet.
 * @param events What to do with its tracks and its failure.
 * @docs-private
 */
export function kitSipWatchPeer(
  peer: RTCPeerConnection | undefined,
  events: KitSipPeerEvents,
): void {
  if (!peer || WATCHED.has(peer)) {
    return;
  }
  WATCHED.add(peer);
  peer.addEventListener('track', event => events.track(event.track));
  peer.addEventListener('iceconnectionstatechange', () => events.ice(peer.iceConnectionState));
}

/** The media of a call that a device switch needs. @docs-private */
export interface KitSipSwitchable {
  local: MediaStream | null;
  readonly session: {readonly connection?: RTCPeerConnection};
  readonly done: boolean;
}

/**
 * Switches the microphone or the camera of a call: a track of the new device goes out instead of the old one
 * (`RTCRtpSender.replaceTrack`, no renegotiation), keeps the old one's `enabled`, and the old one stops. The call's
 * local stream becomes a new stream, so the screen sets its toggles on the new track.
 * @param entry The call.
 * @param kind `'audioinput'` or `'videoinput'`.
 * @param deviceId The device.
 * @returns Resolves once the new device is sent; rejects with `ERR_CALL_ENDED` or `ERR_SDK` (the old device stays).
 * @docs-private
 */
export async function kitSipSwitchInput(
  entry: KitSipSwitchable,
  kind: KitMediaInputKind,
  deviceId: string,
): Promise<void> {
  const local = entry.local;
  const ended = () => new KitException(KitErrorCodes.CALL_ENDED, 'The call has no media any more');
  if (!local || entry.done) {
    throw ended();
  }
  const trackKind = kind === 'audioinput' ? 'audio' : 'video';
  let track: MediaStreamTrack;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      [trackKind]: {deviceId: {exact: deviceId}},
    });
    track = stream.getTracks()[0];
  } catch (error) {
    throw KitException.from(error, KitErrorCodes.SDK, `The device "${deviceId}" cannot be used`);
  }
  const old = local.getTracks().filter(each => each.kind === trackKind);
  track.enabled = old.every(each => each.enabled);
  const senders = (entry.session.connection?.getSenders() ?? []).filter(sender =>
    sender.track ? old.includes(sender.track) : false,
  );
  try {
    if (entry.done || entry.local !== local) {
      throw ended();
    }
    await Promise.all(senders.map(sender => sender.replaceTrack(track)));
  } catch (error) {
    track.stop();
    throw KitException.from(error, KitErrorCodes.SDK, 'The new device could not be sent');
  }
  old.forEach(each => each.stop());
  entry.local = new MediaStream([...local.getTracks().filter(each => !old.includes(each)), track]);
}

/** A call that digits can be sent on. @docs-private */
export interface KitSipDialable {
  readonly session: KitSipSession;
  readonly call: {readonly status?: string};
  readonly done: boolean;
}

/**
 * Sends keypad digits on an ongoing call: RFC 4733 telephone events in its audio (JsSIP's `sendDTMF` with
 * `transportType: 'RFC2833'`, through `RTCRtpSender.dtmf`), or one SIP INFO per digit.
 * @param entry The call.
 * @param digits `0`–`9`, `*`, `#`, `A`–`D`.
 * @param info Whether they go as SIP INFO.
 * @throws KitException `ERR_CALL_ENDED` (not ongoing), `ERR_INVALID_CALL` (not a digit), `ERR_SDK` (no audio sender
 *   that can send DTMF, or JsSIP refused).
 * @docs-private
 */
export function kitSipSendDigits(entry: KitSipDialable, digits: string, info: boolean): void {
  if (entry.done || entry.call.status !== 'ongoing') {
    throw new KitException(KitErrorCodes.CALL_ENDED, 'The call is not ongoing');
  }
  if (!/^[\dA-D#*]+$/i.test(digits)) {
    throw new KitException(KitErrorCodes.INVALID_CALL, `"${digits}" is not a string of digits`);
  }
  // JsSIP drops RFC 4733 digits silently when its audio sender cannot send DTMF: say it instead.
  const audio = entry.session.connection?.getSenders?.().find(each => each.track?.kind === 'audio');
  if (!info && !audio?.dtmf) {
    throw new KitException(KitErrorCodes.SDK, 'The call has no audio sender that can send DTMF');
  }
  try {
    entry.session.sendDTMF(digits, {transportType: info ? 'INFO' : 'RFC2833'});
  } catch (error) {
    throw KitException.from(error, KitErrorCodes.SDK, 'JsSIP could not send the digits');
  }
}
