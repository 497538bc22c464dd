import {KitCall, KitCallSettings, KitCallStatus, KitUser} from './models';

/**
 * Listener of call events, registered with `KitCallsSdk.addCallListener`. Every method is optional. Methods are
 * called asynchronously, never inside the SDK method that caused them.
 */
export interface KitCallListener {
  /** A call to the logged-in user arrived. */
  onIncomingCallReceived?(call: KitCall): void;
  /** An incoming call stopped ringing: the caller cancelled, or another device of the user answered it. */
  onIncomingCallCancelled?(call: KitCall): void;
  /**
   * The callee's device rings (SIP: 180 Ringing). Optional: the outgoing screen's status line then moves from
   * "Calling…" to "Ringing…". Adapters whose SDK cannot tell never call it.
   */
  onOutgoingCallRinging?(call: KitCall): void;
  /** The callee accepted a call of the logged-in user. */
  onOutgoingCallAccepted?(call: KitCall): void;
  /** The callee rejected a call of the logged-in user (`status`: rejected, busy or unanswered). */
  onOutgoingCallRejected?(call: KitCall): void;
  /** An ongoing call ended. */
  onCallEnded?(call: KitCall): void;
  /**
   * The connection of an ongoing call dropped (SIP: ICE `disconnected`/`failed`, or the signalling transport lost):
   * the ongoing screen says "Reconnecting…". Optional; `onCallReconnected` follows when it is back, or the call ends as
   * failed after `reconnectTimeout`.
   */
  onCallReconnecting?(call: KitCall): void;
  /** The connection of a call that was reconnecting is back. */
  onCallReconnected?(call: KitCall): void;
  /**
   * The far side put an ongoing call on hold (SIP: a re-INVITE with `sendonly` or `inactive`): with `withHold()`
   * the ongoing screen says "Ada put you on hold", the timer going on. Optional; `onCallResumed` follows when they
   * take it off hold.
   */
  onCallHeld?(call: KitCall): void;
  /** The far side took an ongoing call off hold (SIP: a re-INVITE with `sendrecv` or `recvonly`). */
  onCallResumed?(call: KitCall): void;
  /**
   * The far side of one of this device's calls handed it to someone else (a blind transfer, SIP: a REFER): the
   * adapter placed `next`, a call from this user to the person named in the transfer, and reports it from now on as
   * any outgoing call (`onOutgoingCallRinging`, `onOutgoingCallAccepted`, `onOutgoingCallRejected`, `onCallEnded`
   * with `next.sessionId`). The call it was handed from ends as usual once its far side hangs up (`onCallEnded`).
   * With `withTransfer()` the kit shows `next` on an outgoing screen.
   */
  onCallTransferred?(next: KitCall): void;
  /**
   * In a call with several people, someone's status changed (they ring, joined, declined, were busy, did not
   * answer, left): `call.participants` holds everyone's latest status (the kit finds who changed). Only adapters
   * with `groupCalls` call it.
   */
  onParticipantsChanged?(call: KitCall): void;
}

/** Whether calls can reach this device now, as an adapter tells it. */
export interface KitRegistration {
  /** Whether the SDK is connected and registered: a call placed now rings here. */
  readonly registered: boolean;
  /** Why, in a few words for the app's logs (`'registered'`, `'connection lost'`...). */
  readonly reason: string;
}

/**
 * The port through which the call screens talk to a call SDK. Provide an adapter to a real SDK with
 * `provideKitUIKit({callsSdk})`; `KitInMemoryCallsSdk` is the embedded one. Also the DI token.
 *
 * Every method that fails rejects (or throws) with a `KitException`.
 */
export abstract class KitCallsSdk {
  /** @returns The logged-in user, or `null` when nobody is logged in. */
  abstract getLoggedInUser(): KitUser | null;
  /**
   * Starts a call.
   * @param call The call to start; `sessionId` may be empty, the SDK assigns one.
   * @returns The call as the SDK registered it.
   */
  abstract initiateCall(call: KitCall): Promise<KitCall>;
  /**
   * Accepts an incoming call.
   * @param sessionId Session id of the call.
   * @param settings The settings the call is accepted with, if the screen has some: with `audioOnly` on a video
   *   call ("Answer as voice" of `withCallPreview()`), answer with the microphone alone and send no camera track,
   *   so the far side shows the callee's avatar. Absent or `null`: answer as the call's type says. An adapter that ignores it
   *   still sends no picture: the ongoing screen then turns the camera's tracks off and calls `setLocalMedia`.
   * @returns The accepted call.
   */
  abstract acceptCall(sessionId: string, settings?: KitCallSettings | null): Promise<KitCall>;
  /**
   * Rejects an incoming call, cancels an outgoing one, or answers busy.
   * @param sessionId Session id of the call.
   * @param status `'rejected'`, `'cancelled'` or `'busy'`.
   * @returns The call with its new status.
   */
  abstract rejectCall(sessionId: string, status: KitCallStatus): Promise<KitCall>;
  /**
   * Ends an ongoing call.
   * @param sessionId Session id of the call.
   */
  abstract endCall(sessionId: string): Promise<KitCall | void>;
  /**
   * Registers a listener. The same id replaces the previous listener.
   * @param listenerId Unique id of the listener.
   * @param listener The callbacks.
   */
  abstract addCallListener(listenerId: string, listener: KitCallListener): void;
  /**
   * Removes a listener. Unknown ids are ignored.
   * @param listenerId Id given to `addCallListener`.
   */
  abstract removeCallListener(listenerId: string): void;
}

/**
 * Optional part of the SDK port: an adapter that can hand out the media streams of an ongoing call implements
 * these methods on its `KitCallsSdk` subclass. `KitOngoingCallComponent` then shows the remote video large and the
 * local camera small, and its mute and camera toggles set `enabled` on the local stream's tracks. Adapters without
 * them (or returning `null`) keep working: the screen shows the avatars.
 *
 * The screen asks again every second while the call is ongoing, so a stream that is negotiated late still appears.
 */
export interface KitCallMediaSource {
  /**
   * @param sessionId Session id of the ongoing call.
   * @returns The stream of this device's camera and microphone, or `null` when there is none (yet).
   */
  getLocalStream?(sessionId: string): MediaStream | null;
  /**
   * @param sessionId Session id of the ongoing call.
   * @returns The stream received from the other person, or `null` when there is none (yet).
   */
  getRemoteStream?(sessionId: string): MediaStream | null;
  /**
   * Switches the call's microphone or camera to another device (the device pickers of `withDevicePickers()` call
   * it): get a track of the new device, send it instead of the old one (`RTCRtpSender.replaceTrack`), stop the old
   * one, and from then on hand out a new `MediaStream` from `getLocalStream` holding the new track (the screen sets
   * the mute and camera toggles on the tracks of each new stream it gets).
   * @param sessionId Session id of the ongoing call.
   * @param kind `'audioinput'` (microphone) or `'videoinput'` (camera).
   * @param deviceId A `deviceId` from `navigator.mediaDevices.enumerateDevices()`.
   * @returns Resolves once the new device is in use; rejects with a `KitException` when it cannot be (the call
   *   keeps the old device).
   */
  selectInputDevice?(sessionId: string, kind: KitMediaInputKind, deviceId: string): Promise<void>;
}

/**
 * Optional part of the SDK port: an adapter that keeps a connection (a WebSocket to a SIP proxy, a signalling
 * socket) implements these methods on its `KitCallsSdk` subclass. Adapters without them keep working.
 */
export interface KitCallsSdkLifecycle {
  /** @returns Whether calls can reach this device now (connected and registered). */
  getRegistration?(): KitRegistration;
  /**
   * Follows the registration (with `getRegistration`): call the listener each time the connection or the
   * registration is won or lost. `withRingReadiness()` shows it.
   * @param listener Receives the new state.
   * @returns Stops following.
   */
  watchRegistration?(listener: (registration: KitRegistration) => void): () => void;
  /**
   * The page may have slept: `withRingReadiness()` calls it when a frozen tab resumes (Page Lifecycle `resume`),
   * when the tab becomes visible and when the network comes back (`online`). Check the connection and the
   * registration now, and reconnect or register again at once instead of waiting for a back-off: a socket can die
   * silently while the tab is frozen. Called often: make it cheap when all is well, and safe to call twice.
   * Failures go to the adapter's own error report; a rejection is reported through `onError`.
   */
  resume?(): void | Promise<void>;
}
/**
 * Optional part of the SDK port: an adapter that can carry calls with several people implements these members on
 * its `KitCallsSdk` subclass and reports each person's status through `KitCallListener.onParticipantsChanged`.
 * `initiateCall` with `participants` (or a `group`) then rings every callee. The screens offer group actions
 * (ring a group, add people, join, leave) only where `groupCalls` is `true`; adapters without it keep working.
 */
export interface KitGroupCallsSdk {
  /** Whether the adapter can place and carry calls with several people. */
  readonly groupCalls?: boolean;
  /**
   * Rings more people into a live call (or one still ringing); each shows as `invited`, then `ringing`.
   * @returns The call with the new participants.
   */
  inviteToCall?(sessionId: string, users: readonly KitUser[]): Promise<KitCall>;
  /** Leaves a call with several people; the others stay in it while two remain. */
  leaveCall?(sessionId: string): Promise<void>;
  /**
   * Joins a call with several people that is still going on (a member who missed its ring).
   * @returns The call, joined.
   */
  joinCall?(sessionId: string): Promise<KitCall>;
  /**
   * @returns The stream received from one person of the call (by `uid`), or `null` when there is none (yet). The
   *   grid of the ongoing screen asks for each joined person as `KitCallMediaSource.getRemoteStream` is asked.
   */
  getParticipantStream?(sessionId: string, uid: string): MediaStream | null;
}

/**
 * Optional part of the SDK port: an adapter that acts on a call as a phone does implements these methods on its
 * `KitCallsSdk` subclass. The screens offer only what the adapter has: the keypad of `withKeypad()` shows where
 * `sendDigits` exists, the hold button of `withHold()` where `hold` and `unhold` do. Adapters without them keep
 * working.
 */
export interface KitPhoneCallsSdk {
  /**
   * Puts an ongoing call on hold (`withHold()`'s button, `KitCallOverlayRef.hold()`): the adapter stops sending
   * and receiving media (SIP: a re-INVITE with `sendonly`, or `inactive` when the far side holds too) and the far
   * side hears `onCallHeld`. Called once per press, never twice without an `unhold` between.
   * @param sessionId Session id of the ongoing call.
   * @returns Resolves once the far side took the hold; rejects with a `KitException` when it refused it or the call
   *   is over (`ERR_CALL_ENDED`, `ERR_UNKNOWN_SESSION`): the call then stays as it was and the app hears `onError`.
   *   An answer that never comes counts as refused after the kit's `actionTimeout`.
   */
  hold?(sessionId: string): Promise<void>;
  /**
   * Takes a call the user held off hold (`KitCallOverlayRef.resume()`): media flows both ways again (SIP: a
   * re-INVITE with `sendrecv`). Named as JsSIP names it: `resume` is the page's wake-up (`KitCallsSdkLifecycle`).
   * @param sessionId Session id of the held call.
   * @returns Resolves once the far side took it; rejects with a `KitException` (the call then stays on hold).
   */
  unhold?(sessionId: string): Promise<void>;
  /**
   * Sends digits to the far side of an ongoing call ("press 1 for sales"): the keypad calls it once per key.
   * @param sessionId Session id of the ongoing call.
   * @param digits One or more of `0`–`9`, `*`, `#` (and `A`–`D`, which desk phones rarely have).
   * @returns Resolves once they are sent; rejects with `ERR_UNKNOWN_SESSION`, `ERR_CALL_ENDED`, or `ERR_INVALID_CALL`
   *   for a character that is not a digit.
   */
  sendDigits?(sessionId: string, digits: string): Promise<void>;
  /**
   * Hands an ongoing call to someone else (a blind transfer: `withTransfer()`'s button and
   * `KitTransfer.transfer()`): the far side is asked to call `to` (SIP: a REFER whose `Refer-To` is `to`'s
   * address; the far side's kit follows it and hears `onCallTransferred`). The kit holds the call first.
   * With `consultation` (an attended transfer, only where `attendedTransfer` is `true`): the user called `to` first
   * in that call, now connected; the far side of `sessionId` is joined to the far side of `consultation` (SIP: a
   * REFER whose `Refer-To` carries `Replaces` of the consultation's dialog), and both calls end here.
   * @param sessionId Session id of the ongoing call (on hold).
   * @param to The person the far side is handed to.
   * @param consultation Session id of the user's connected call to `to` (attended transfer); absent: blind.
   * @returns Resolves once `to` answered the far side's call (attended: once the far sides are joined): the adapter
   *   then ends this call (`onCallEnded`), and the consultation (`onCallEnded`, as the far side's hang-up).
   *   Rejects with a `KitException` when the far side refused the transfer or `to` declined, was busy or did not
   *   answer: the call then stays, on hold, the consultation as it is, and the app hears `onError`. It may take as
   *   long as a ring.
   */
  transfer?(sessionId: string, to: KitUser, consultation?: string): Promise<void>;
  /**
   * Whether `transfer` takes a `consultation` (an attended transfer): `withTransfer()`'s list then offers "Call
   * first" beside each person. Absent or `false`: blind transfers only.
   */
  readonly attendedTransfer?: boolean;
  /**
   * The user turned the microphone or the camera off or on (the ongoing screen's toggles, or an audio-only setting):
   * the adapter stops sending what is off and may tell the far side (SIP: a re-INVITE with `m=video` `recvonly`, so
   * its screen shows my avatar instead of a black picture). The ongoing screen calls it when it shows the call and
   * after each toggle, possibly with the same values again: make it cheap and idempotent. A call that ended is
   * ignored.
   * @param sessionId Session id of the ongoing call.
   * @param audio Whether the microphone sends.
   * @param video Whether the camera sends (`false` for a voice call).
   * @returns Resolves once applied; rejects with `ERR_UNKNOWN_SESSION`.
   */
  setLocalMedia?(sessionId: string, audio: boolean, video: boolean): Promise<void>;
}

/** The kinds of input device a call uses, as `MediaDeviceInfo.kind` names them. */
export type KitMediaInputKind = 'audioinput' | 'videoinput';
