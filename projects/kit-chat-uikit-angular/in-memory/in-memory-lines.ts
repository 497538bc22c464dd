import type {KitCall, KitCallListener, KitCallStatus, KitUser} from 'kit-chat-uikit-angular';
import type {KitInMemoryFarSide} from './in-memory-far-side';

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

/** The switchboard as its far side uses it (`KitInMemorySwitchboard` implements it). @docs-private */
export interface KitInMemoryLines {
  latency: number;
  readonly control: KitInMemoryFarSide;
  calls(): KitCall[];
  getCall(sessionId: string): KitCall | undefined;
  _register(user: KitUser): void;
  _initiate(actor: KitInMemoryDevice | null, caller: KitUser, input: KitCall): Promise<KitCall>;
  _accept(actor: KitInMemoryDevice | null, actorUid: string, sessionId: string): Promise<KitCall>;
  _reject(
    actor: KitInMemoryDevice | null,
    actorUid: string,
    sessionId: string,
    status: KitCallStatus,
  ): Promise<KitCall>;
  _end(actorUid: string, sessionId: string, actor?: KitInMemoryDevice | null): Promise<KitCall>;
  _link(sessionId: string, lost: boolean): void;
  _act(
    actor: KitInMemoryDevice | null,
    actorUid: string,
    sessionId: string,
    action: 'accept' | 'reject' | 'end' | 'invite',
    status: KitCallStatus,
    users?: readonly KitUser[],
    call?: KitCall,
  ): Promise<KitCall>;
}
