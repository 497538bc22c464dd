import type {KitCall, KitCallListener} from 'kit-chat-uikit-angular';
import type {KitInMemoryCalls, KitInMemoryDevice} from './in-memory-device';
import type {KitInMemoryFarSide} from './in-memory-far-side';
import type {KitInMemorySession, KitInMemorySessions} from './in-memory-sessions';
import type {KitMeshSignal, KitTabOperation} from './in-memory-tab-link';

// What the parts of the in-memory SDK know of each other: the switchboard with its far side, and
// what group calls use of it. A device and the lines the far side plays on are in
// in-memory-device.ts, which imports none of the parts: nothing imports in a circle.

export type {KitInMemoryAct, KitInMemoryDevice} from './in-memory-device';

/** The switchboard as its parts use it (`KitInMemorySwitchboard` implements it). @docs-private */
export interface KitInMemoryLines extends KitInMemoryCalls {
  readonly control: KitInMemoryFarSide;
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
