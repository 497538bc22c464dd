import {KitCall, KitConstants, KitErrorCodes, KitException} from 'kit-chat-uikit-angular';
import {kitSipGetUserMedia, kitSipStopTracks} from './sip-media';
import {KitSipCallEntry, KitSipSessions} from './sip-sessions';
import {KitSipCallOptions, KitSipSession} from './sip-types';

/**
 * Places an outgoing call with the adapter's usual media: the microphone (and the camera for a video call), the
 * peer connection's ICE servers, the offer sent on the first candidates. The call is tracked from its first event.
 * @param calls The adapter's call book.
 * @param pcConfig The peer connection's configuration.
 * @param call The call to place (`type` decides whether the camera is asked for).
 * @param place Creates the JsSIP session with these options (`UA.call`, or a REFER's `accept`); `undefined` when
 *   JsSIP would not.
 * @returns The call's entry, once its INVITE went out; rejects with `ERR_CALL_FAILED`, or `ERR_NETWORK` when the
 *   transport broke first.
 * @docs-private
 */
export async function kitSipPlace(
  calls: KitSipSessions,
  pcConfig: () => RTCConfiguration,
  call: KitCall,
  place: (options: KitSipCallOptions) => KitSipSession | undefined,
): Promise<KitSipCallEntry> {
  const video = call.type !== KitConstants.CALL_TYPE_AUDIO;
  const stream = await kitSipGetUserMedia(video);
  let session: KitSipSession | undefined;
  try {
    session = place({
      mediaStream: stream,
      pcConfig: pcConfig(),
      rtcOfferConstraints: {offerToReceiveAudio: true, offerToReceiveVideo: video},
      // The peer connection of an outgoing call is created inside `call()` (before `session` is assigned): only
      // these handlers see it.
      eventHandlers: {
        peerconnection: event => calls.watchPeer(() => session, event.peerconnection),
      },
    });
  } catch (error) {
    kitSipStopTracks(stream);
    throw new KitException(KitErrorCodes.CALL_FAILED, 'JsSIP could not place the call', error);
  }
  if (!session) {
    kitSipStopTracks(stream);
    throw new KitException(KitErrorCodes.CALL_FAILED, 'JsSIP did not place the call');
  }
  const entry = calls.track(session, 'outgoing', {
    ...call,
    sessionId: session.id,
    status: 'initiated',
  });
  entry.local = stream;
  calls.watchIceGathering(entry);
  await new Promise<void>((sent, failed) => {
    entry.session.on('sending', () => sent());
    entry.session.on('failed', event => {
      if (!entry.sent) {
        calls.teardown(entry);
        failed(
          new KitException(
            event.cause === 'Connection Error' ? KitErrorCodes.NETWORK : KitErrorCodes.CALL_FAILED,
            `The call failed before it was sent (${event.cause})`,
            event,
          ),
        );
      }
    });
  });
  return entry;
}
