import {
  KitCall,
  KitCallSettings,
  KitCallStatus,
  KitGroupCallsSdk,
  KitUser,
} from 'kit-chat-uikit-angular';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {KitSipGroupCalls} from './sip-group-calls';
import type {KitSipGroupCall} from './sip-group-wire';
import {KitSipOptions} from './sip-options';
import {KitSipUAEvent} from './sip-types';

/**
 * The SIP adapter with calls of several people (`kitSipCallsSdk({…, sfu})`): `initiateCall` with `participants` rings
 * each of them by an INVITE of their own through the proxy, and the media goes through the call's room on the SFU
 * (Janus); a call between two people is the plain adapter's, with its direct media. See `KitSipGroupCalls`.
 */
export class KitSipGroupCallsSdk extends KitSipCallsSdk implements KitGroupCallsSdk {
  /** Calls with several people can be placed and carried. */
  readonly groupCalls = true;
  private readonly _groups: KitSipGroupCalls;

  /** @param options The proxy, the user's SIP address, the call options and the SFUs (`sfu`). */
  constructor(options: KitSipOptions & {sfu: NonNullable<KitSipOptions['sfu']>}) {
    super(options);
    this._groups = new KitSipGroupCalls({
      user: this._user,
      domain: this._domain,
      sfus: [options.sfu.url].flat(),
      ua: what => this._agent.connected(what),
      pcConfig: () => this._agent.pcConfig(),
      emit: (method, call) => this._emit(method, call),
      report: (code, message, details) => this._report(code, message, details),
    });
  }

  /** With `participants`: a group call, each one rung. Else a call between two people. */
  override initiateCall(call: KitCall): Promise<KitCall> {
    return call.participants?.length ? this._groups.place(call) : super.initiateCall(call);
  }

  override acceptCall(sessionId: string, settings?: KitCallSettings | null): Promise<KitCall> {
    return this._groups.get(sessionId)
      ? this._groups.accept(sessionId, !!settings?.audioOnly)
      : super.acceptCall(sessionId, settings);
  }

  override rejectCall(sessionId: string, status: KitCallStatus): Promise<KitCall> {
    return this._groups.get(sessionId)
      ? this._groups.reject(sessionId, status)
      : super.rejectCall(sessionId, status);
  }

  /** A group call is left (the others stay in it); a call between two people ends. */
  override endCall(sessionId: string): Promise<KitCall> {
    return this._groups.get(sessionId) ? this._groups.leave(sessionId) : super.endCall(sessionId);
  }

  override getLocalStream(sessionId: string): MediaStream | null {
    const group = this._groups.get(sessionId);
    return group ? group.local : super.getLocalStream(sessionId);
  }

  /** A group call's first person's stream (the grid asks `getParticipantStream` for each). */
  override getRemoteStream(sessionId: string): MediaStream | null {
    const group = this._groups.get(sessionId);
    return group ? ([...group.remotes.values()][0] ?? null) : super.getRemoteStream(sessionId);
  }

  override setLocalMedia(sessionId: string, audio: boolean, video: boolean): Promise<void> {
    const group = this._groups.get(sessionId);
    return group
      ? kitSipGroupMedia(group, audio, video)
      : super.setLocalMedia(sessionId, audio, video);
  }

  /** Rings more people into a group call this device placed (over SIP a callee cannot: the room is the caller's). */
  inviteToCall(sessionId: string, users: readonly KitUser[]): Promise<KitCall> {
    return this._groups.invite(sessionId, users);
  }

  /** Leaves a group call; the others stay in it. */
  async leaveCall(sessionId: string): Promise<void> {
    await this._groups.leave(sessionId);
  }

  /**
   * Joins a group call that rang here and still goes on, its ring missed or declined: its caller's device is rung back
   * and answers by itself, and the proxy gives this device the room (only to someone rung for that call). Rejects
   * with `ERR_CALL_ENDED` when the call is over, `ERR_UNKNOWN_SESSION` for a call this device never heard of.
   */
  joinCall(sessionId: string): Promise<KitCall> {
    return this._groups.rooms.joinBack(sessionId);
  }

  /** @returns What one person of a group call sends, once it arrived from the room. */
  getParticipantStream(sessionId: string, uid: string): MediaStream | null {
    return this._groups.participantStream(sessionId, uid);
  }

  override dispose(): void {
    this._groups.endAll();
    super.dispose();
  }

  protected override _ringsAsGroup(event: KitSipUAEvent, caller: KitUser): boolean {
    return this._groups.incoming(event, caller);
  }
}

/** The microphone or the camera of a group call, turned off or on: the camera leaves the room or comes back. */
async function kitSipGroupMedia(
  group: KitSipGroupCall,
  audio: boolean,
  video: boolean,
): Promise<void> {
  group.local?.getAudioTracks().forEach(track => (track.enabled = audio));
  group.local?.getVideoTracks().forEach(track => (track.enabled = video));
  await group.member?.setCamera(video);
}
