import {
  KitCall,
  KitCallListener,
  KitConstants,
  KitErrorCode,
  KitException,
  KitGroup,
  KitParticipantStatus,
  KitUser,
  kitValidateUser,
} from 'kit-chat-uikit-angular';
import type {KitJanusRoomMember} from './janus-room-types';
import {kitSipTarget} from './sip-mapping';
import {KitSipSession, KitSipUA} from './sip-types';

// What goes on the wire of a group call over SIP (its headers, read and written), and the shapes the group calls share.

/** The headers of a group call's INVITE: the call's id (the caller's), who is in it, and the room the proxy gave. */
export const GROUP = 'X-Kit-Group';
export const INFO = 'X-Kit-Group-Info';
export const ROOM = 'X-Kit-Room';
/** The SIP INFO in which the caller tells each person in the call where everyone stands. */
export const STATUS_INFO = 'application/vnd.kit-group-status+json';
/** Every status a person may have (the compiler checks that none is missing). */
const STATUSES: Record<KitParticipantStatus, true> = {
  invited: true,
  ringing: true,
  joined: true,
  declined: true,
  busy: true,
  unanswered: true,
  left: true,
};
/** Most people a group call takes over SIP (the room's publishers). */
export const MOST = 9;

/** The call's room on the SFU, as the proxy wrote it for this side (`X-Kit-Room`). */
export interface KitSipGroupRoom {
  readonly room: string;
  readonly token: string;
  readonly janus: string;
  readonly sfu: number;
}

/** One person rung (the caller's side), or the caller (a callee's side): their INVITE's session. */
export interface KitSipGroupLeg {
  readonly user: KitUser;
  readonly session: KitSipSession;
}

/** A group call of this device. @docs-private */
export interface KitSipGroupCall {
  readonly direction: 'incoming' | 'outgoing';
  /** The call's id on the wire (`X-Kit-Group`: the caller's session id). */
  readonly id: string;
  call: KitCall;
  readonly legs: Map<string, KitSipGroupLeg>;
  room: KitSipGroupRoom | null;
  member: KitJanusRoomMember | null;
  local: MediaStream | null;
  /** What each person sends, by uid (the display name they join the room with). */
  readonly remotes: Map<string, MediaStream>;
  /** The room's feeds, by feed id: whose. */
  readonly feeds: Map<string, string>;
  /** When the room said each person left (a callee's side): a room going away may say it of everyone first. */
  readonly roomLeft: Map<string, number>;
  /** Whether this device left it, or it ended. */
  done: boolean;
  /** Whether the room was lost and is being joined again (the listeners heard `onCallReconnecting`). */
  reconnecting: boolean;
}

/** A group call of this device as it starts: no room joined, nothing received yet. */
export function groupCall(
  direction: KitSipGroupCall['direction'],
  id: string,
  call: KitCall,
  more: Partial<Pick<KitSipGroupCall, 'room' | 'local'>> & {legs?: KitSipGroupLeg[]} = {},
): KitSipGroupCall {
  return {
    direction,
    id,
    call,
    legs: new Map((more.legs ?? []).map(leg => [leg.user.uid, leg])),
    room: more.room ?? null,
    member: null,
    local: more.local ?? null,
    remotes: new Map(),
    feeds: new Map(),
    roomLeft: new Map(),
    done: false,
    reconnecting: false,
  };
}

/** What the group calls need of the adapter. @docs-private */
export interface KitSipGroupHooks {
  readonly user: KitUser;
  readonly domain: string;
  /** The SFUs' WebSocket URLs, in the proxy's order. */
  readonly sfus: readonly string[];
  ua(what: string): KitSipUA;
  pcConfig(): RTCConfiguration;
  emit(method: keyof KitCallListener, call: KitCall): void;
  report(code: KitErrorCode, message: string, details?: unknown): void;
}

/** @returns A `KitException`. */
export const fail = (code: KitErrorCode, message: string) => new KitException(code, message);

/** A JsSIP session ended by this device, however far it got (JsSIP throws on one already over). */
export function terminate(
  session: KitSipSession,
  options: {status_code?: number; reason_phrase?: string},
): void {
  try {
    if (!session.isEnded()) {
      session.terminate(options);
    }
  } catch {
    // Over already.
  }
}

/**
 * The INVITE of one person of a group call. `rejoin`: someone in the call, rung again for its new room; `join`: its
 * caller, rung back by someone who missed the ring. Neither rings: the device answers by itself, or 481.
 */
export function groupInvite(
  ua: KitSipUA,
  hooks: KitSipGroupHooks,
  group: KitSipGroupCall,
  user: KitUser,
  mark?: 'rejoin' | 'join',
): KitSipSession {
  const call = group.call;
  const people = (call.participants ?? []).map(p => p.user);
  const info = {
    v: call.type !== KitConstants.CALL_TYPE_AUDIO,
    g: call.group ?? null,
    p: people,
    ...(mark === 'rejoin' ? {r: true} : mark === 'join' ? {j: true} : {}),
  };
  return ua.call(kitSipTarget(user.uid, hooks.domain), {
    extraHeaders: [`${GROUP}: ${group.id}`, `${INFO}: ${encode(JSON.stringify(info))}`],
    mediaConstraints: {audio: false, video: false},
    pcConfig: hooks.pcConfig(),
    eventHandlers: {
      // No media on this INVITE: a data channel gives its offer an m= line, and ICE something to gather.
      peerconnection: event => event.peerconnection?.createDataChannel('kit-group'),
    },
  });
}

/** `group-…;token=…;janus=…;sfu=N`, as the proxy writes it; `null` for anything else. */
export function readRoom(value: string | undefined): KitSipGroupRoom | null {
  const [room, ...params] = (value ?? '').split(';').map(part => part.trim());
  const param = (name: string) =>
    params.find(p => p.startsWith(`${name}=`))?.slice(name.length + 1) ?? '';
  const [token, janus, sfu] = [param('token'), param('janus'), param('sfu')];
  if (
    !/^group-[0-9a-f]{24}$/.test(room) ||
    !/^[\w-]{16,128}$/.test(token) ||
    !/^[\w-]{16,256}$/.test(janus)
  ) {
    return null;
  }
  try {
    return {room, token, janus: decode(janus), sfu: Number(sfu) || 0};
  } catch {
    return null;
  }
}

/** Who is in the call and its kind, from `X-Kit-Group-Info` (the caller's word): `null` when it does not hold. */
export function readInfo(value: string | undefined): {
  video: boolean;
  group: KitGroup | null;
  people: KitUser[];
  rejoin: boolean;
  join: boolean;
} | null {
  try {
    const info = JSON.parse(decode(value ?? ''));
    const people: KitUser[] = Array.isArray(info?.p) ? info.p.slice(0, MOST) : [];
    const group = info?.g;
    const validGroup =
      group && typeof group.id === 'string' && typeof group.name === 'string'
        ? {id: group.id.slice(0, 128), name: group.name.slice(0, 200)}
        : null;
    if (!people.length || people.some(user => kitValidateUser(user, 'participant'))) {
      return null;
    }
    return {
      video: info.v === true,
      // The caller rings someone in the call again, for the call's room made again on another SFU.
      rejoin: info.r === true,
      // Someone rung for the call, who missed its ring, rings its caller back into it.
      join: info.j === true,
      group: validGroup,
      people: people.map(({uid, name, avatar}) => ({
        uid,
        name,
        ...(typeof avatar === 'string' ? {avatar} : {}),
      })),
    };
  } catch {
    return null;
  }
}

/**
 * The caller tells everyone in the call (each INVITE that is set up) where everyone stands, by a SIP INFO: a callee
 * learns from its caller who declined, was busy, left or was added, not only who publishes in the room.
 */
export function tellStatuses(group: KitSipGroupCall): void {
  if (group.direction !== 'outgoing') {
    return;
  }
  const people = (group.call.participants ?? []).map(({user, status}) => ({
    u: user.uid,
    n: user.name,
    s: status,
  }));
  for (const {session} of group.legs.values()) {
    try {
      session.sendInfo(STATUS_INFO, JSON.stringify({p: people}));
    } catch {
      // Not set up (still rings, or over): it learns at its answer, or not at all.
    }
  }
}

/**
 * A callee hears its caller's INFO of where everyone stands: each person but me gets that status (someone unknown
 * here, with the name given). What does not hold is ignored.
 */
export function hearStatuses(
  session: KitSipSession,
  group: KitSipGroupCall,
  me: string,
  set: (user: KitUser, status: KitParticipantStatus) => void,
): void {
  session.on('newInfo', ({originator, info}) => {
    if (originator !== 'remote' || info.contentType !== STATUS_INFO) {
      return;
    }
    try {
      const people: {u?: unknown; n?: unknown; s?: unknown}[] = JSON.parse(info.body ?? '').p;
      for (const {u: uid, n: name, s: status} of people.slice(0, MOST)) {
        const known = group.call.participants?.find(p => p.user.uid === uid);
        const user = known?.user ?? {uid: uid as string, name: name as string};
        const valid = Object.hasOwn(STATUSES, status as string);
        if (
          uid !== me &&
          valid &&
          known?.status !== status &&
          !kitValidateUser(user, 'participant')
        ) {
          set(user, status as KitParticipantStatus);
        }
      }
    } catch {
      // Not a list of people: ignored.
    }
  });
}

/** base64url of a text (UTF-8). */
export function encode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The text of base64url (UTF-8); throws on what is not. */
function decode(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', {fatal: true}).decode(
    Uint8Array.from(binary, char => char.charCodeAt(0)),
  );
}

export function dedupe(users: readonly KitUser[]): KitUser[] {
  return [...new Map(users.map(user => [user.uid, user])).values()];
}

export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), byte =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** @returns Where someone stands in a group call, as this device knows it. */
export function statusOf(group: KitSipGroupCall, uid: string): KitParticipantStatus | undefined {
  return group.call.participants?.find(p => p.user.uid === uid)?.status;
}
