import type {KitCall, KitCallListener, KitCallStatus, KitUser} from 'kit-chat-uikit-angular';

// What the parts of the in-memory SDK know of a device on the switchboard, and the lines of the
// switchboard that its far side (in-memory-far-side.ts) plays on. Declared apart, importing none
// of the parts, so that the switchboard, the far side, the sessions and the tab link do not import
// each other.

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

/** The switchboard's lines, as its far side plays on them. @docs-private */
export interface KitInMemoryCalls {
  latency: number;
  droppedMessages: number;
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
