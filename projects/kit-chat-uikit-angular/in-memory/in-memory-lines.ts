import type {KitCall, KitCallListener, KitCallStatus, KitUser} from 'kit-chat-uikit-angular';
import type {KitInMemoryFarSide} from './in-memory-far-side';
import type {KitInMemorySession, KitInMemorySessions} from './in-memory-sessions';
import type {KitMeshSignal, KitTabOperation} from './in-memory-tab-link';

// What the parts of the in-memory SDK know of each other: a device on the switchboard, and the
// lines of the switchboard that its far side (in-memory-far-side.ts) plays on. Declared apart so
// that the switchboard, which makes the far side, and the far side do not import each other.

/** One device (SDK instance) on the switchboard. @docs-private */
export interface KitInMemoryDevice {
  /** The user logged in on this device, or `null`. */
  readonly user: KitUser | null;
  /** Delivers a listener callback to this device. */
  _deliver(method: keyof KitCallListener, call: KitCall): void;
}

/**
 * An action of a party on a call (`_act`): who acts (a device, `null` for the far side), as whom, on which call, what,
 * and the status it gives; an invite into a group call carries its people and the call. @docs-private
 */
export type KitInMemoryAct = (
  actor: KitInMemoryDevice | null,
  actorUid: string,
  sessionId: string,
  action: 'accept' | 'reject' | 'end' | 'invite',
  status: KitCallStatus,
  users?: readonly KitUser[],
  call?: KitCall,
) => Promise<KitCall>;

/** The switchboard as its far side uses it (`KitInMemorySwitchboard` implements it). @docs-private */
export interface KitInMemoryLines {
  latency: number;
  droppedMessages: number;
  readonly control: KitInMemoryFarSide;
  calls(): KitCall[];
  getCall(sessionId: string): KitCall | undefined;
  _register(user: KitUser): void;
  _initiate(actor: KitInMemoryDevice | null, caller: KitUser, input: KitCall): Promise<KitCall>;
  _tell(
    sessionId: string,
    method: keyof KitCallListener,
    uid?: string,
    fromOtherTab?: boolean,
  ): boolean;
  _act: KitInMemoryAct;
  /** The media meshes of this tab's calls (in-memory-mesh.ts): told the other tabs' signals. */
  _mesh?: (data: unknown) => void;
}

/** What the group calls use of their switchboard (`KitInMemorySwitchboard` hands it over). @docs-private */
export interface KitInMemoryGroupLines {
  readonly board: KitInMemoryLines;
  readonly sessions: KitInMemorySessions;
  /** The devices attached here. */
  readonly devices: ReadonlySet<KitInMemoryDevice>;
  /** Users with a device in another tab: their own kit answers for them. */
  readonly elsewhere: ReadonlySet<string>;
  notify(
    uid: string,
    method: keyof KitCallListener,
    session: KitInMemorySession,
    except: KitInMemoryDevice | null,
    call: KitCall,
  ): void;
  /** Shares an operation (or a signal of the media mesh) with the other tabs. */
  broadcast(operation: KitTabOperation | KitMeshSignal): void;
  ringing(session: KitInMemorySession): void;
}
