import {Injectable, OnDestroy} from '@angular/core';
import {
  KitCall,
  KitCallListener,
  KitCallStatus,
  KitException,
  KitUser,
  kitCaller,
  kitReceiver,
} from 'kit-chat-uikit-angular';
import {KitInMemoryFarSide, type KitInMemoryAction} from './in-memory-far-side';
import type {KitInMemoryGroups} from './in-memory-groups';
import type {
  KitInMemoryAct,
  KitInMemoryDevice,
  KitInMemoryGroupLines,
  KitInMemoryLines,
} from './in-memory-lines';
import {
  BUSY_ANSWER_DELAY,
  KitInMemorySession,
  KitInMemorySessions,
  RINGING,
  kitSessionSnapshot,
} from './in-memory-sessions';
import {KitTabOperation, OTHER_TAB, kitTabOperation} from './in-memory-tab-link';

/**
 * The in-process switchboard behind `KitInMemoryCallsSdk`: it routes calls between the SDK instances (devices)
 * attached to it, and between them and simulated users driven through `control`. One per app injector, so two
 * apps or two tests never share calls.
 */
@Injectable({providedIn: 'root'})
export class KitInMemorySwitchboard implements OnDestroy, KitInMemoryLines {
  /** Delay, in ms, of every answer and listener callback, as a network would add. */
  latency = 0;

  /** Messages from other tabs dropped unread: no operation, or a field missing or mistyped. */
  droppedMessages = 0;

  /** Drives the far side of calls and injects faults: for demos and tests. */
  readonly control: KitInMemoryFarSide = new KitInMemoryFarSide(this);

  /** The devices attached here. */
  readonly #devices = new Set<KitInMemoryDevice>();
  readonly #sessions = new KitInMemorySessions();
  readonly #directory = new Map<string, KitUser>();
  /** Users with a device in another tab: their own kit decides about a call, also while they are in a call. */
  readonly #devicesElsewhere = new Set<string>();
  /** The `BroadcastChannel` to the other tabs of this origin, while connected. */
  #channel: BroadcastChannel | null = null;
  /** Calls with several people, once `kitInMemoryGroupCalls()` turned them on (type-only here). @docs-private */
  _groups?: KitInMemoryGroups;

  /**
   * Shares the calls with the other tabs of this origin on the same channel (a `BroadcastChannel`): two tabs logged
   * in as two users can call each other, the tabs of one user all ring. Nothing where it is missing (the server).
   * @param channelName Name of the channel.
   */
  connectTabs(channelName = 'kit-in-memory-calls'): void {
    if (this.#channel || typeof BroadcastChannel === 'undefined') {
      return;
    }
    this.#channel = new BroadcastChannel(channelName);
    this.#channel.onmessage = (event: MessageEvent<unknown>) => this.#replay(event.data);
    globalThis.addEventListener?.('pagehide', this.#leave);
    this.#directory.forEach(user => this.#broadcast({kind: 'register', user}));
    this.#devices.forEach(device => this._announce(device));
    // The tabs opened before this one answer with their devices.
    this.#broadcast({kind: 'hello'});
  }

  /** What the calls with several people use of this switchboard (`kitInMemoryGroupCalls()`). @docs-private */
  _lines(): KitInMemoryGroupLines {
    return {
      board: this,
      sessions: this.#sessions,
      devices: this.#devices,
      elsewhere: this.#devicesElsewhere,
      notify: this.#notify.bind(this),
      broadcast: operation => this.#broadcast(operation as KitTabOperation),
      ringing: session => this.#ringing(session),
    };
  }

  /** Stops sharing calls with other tabs. */
  disconnectTabs(): void {
    globalThis.removeEventListener?.('pagehide', this.#leave);
    this.#channel?.close();
    this.#channel = null;
  }

  /**
   * The tab goes away (closed, reloaded, left): what its devices placed and still rings is cancelled, what they placed
   * or accepted and is ongoing is ended (no tab waits on a party that is gone); what only rang here rings on.
   */
  readonly #leave = (): void => {
    for (const session of this.#sessions.values()) {
      const {sessionId} = session.call;
      const placed = this.#devices.has(session.callerDevice!);
      if (session.status === RINGING && placed) {
        void this._act(
          session.callerDevice,
          kitCaller(session.call).uid,
          sessionId,
          'reject',
          'cancelled',
        ).catch(() => {});
      } else if (session.call.participants) {
        this._groups?.leaveTab(session);
      } else if (
        session.status === 'ongoing' &&
        (placed || this.#devices.has(session.answerDevice!))
      ) {
        const party = placed ? kitCaller(session.call) : kitReceiver(session.call);
        const device = placed ? session.callerDevice : session.answerDevice!;
        void this._act(device, party.uid, sessionId, 'end', 'ended').catch(() => {});
      }
    }
  };

  /** Stops sharing calls with other tabs when the app's injector is destroyed. */
  ngOnDestroy(): void {
    this.disconnectTabs();
  }

  /** @docs-private */
  _attach(device: KitInMemoryDevice): void {
    this.#devices.add(device);
    this._announce(device);
  }

  /** Tells the other tabs that a user has a device here. Called again when a device logs a user in. @docs-private */
  _announce(device: KitInMemoryDevice): void {
    if (device.user) {
      this.#broadcast({kind: 'device', uid: device.user.uid});
    }
  }

  /** @docs-private */
  _detach(device: KitInMemoryDevice): void {
    this.#devices.delete(device);
  }

  /** @docs-private */
  _register(user: KitUser): void {
    const known = this.#directory.get(user.uid);
    this.#directory.set(user.uid, {...user});
    if (!known) {
      this.#broadcast({kind: 'register', user});
    }
  }

  /** Users known to the switchboard: registered ones and everyone who took part in a call. */
  users(): KitUser[] {
    return [...this.#directory.values()].map(user => ({...user}));
  }

  /**
   * Looks a call up, for tests and the demo's far side: a copy with its current status, `undefined` when unknown.
   * @param sessionId Session id of a call.
   */
  getCall(sessionId: string): KitCall | undefined {
    const session = this.#sessions.known(sessionId);
    return session && kitSessionSnapshot(session);
  }

  /**
   * Every call the switchboard remembers: the outcome of the 200 newest that ended, then every call still ringing or
   * ongoing (a call leaves the live calls as soon as it ends).
   * @returns Copies of the calls with their current status.
   */
  calls(): KitCall[] {
    return this.#sessions.all().map(session => kitSessionSnapshot(session));
  }

  /** Starts a call from `actor` (a device, or `null` for a simulated caller). @docs-private */
  _initiate(actor: KitInMemoryDevice | null, caller: KitUser, input: KitCall): Promise<KitCall> {
    const remote = actor === OTHER_TAB;
    const error =
      this.#sessions.check(caller, input) || (remote ? null : this.control._fault('initiate'));
    if (error) {
      return this.#fail(error);
    }
    const receiver = kitReceiver(input);
    const session = this.#sessions.open(caller, input, actor);
    const {call} = session;
    const {sessionId} = call;
    this._register(caller);
    this._register(receiver);
    if (!remote) {
      this.#broadcast({kind: 'initiate', call});
    }

    const hasDevice = [...this.#devices].some(device => device.user?.uid === receiver.uid);
    if (this.#sessions.isInCall(receiver.uid, sessionId) && !hasDevice) {
      // A callee with a device (here or in another tab) hears the call even while in a call: its kit answers busy or
      // shows the call waiting, by its own policy. A simulated callee has no kit, so the switchboard answers busy
      // for it, in the tab that placed the call only.
      if (!remote && !this.#devicesElsewhere.has(receiver.uid)) {
        this.#sessions.setStatus(session, 'busy');
        // The busy answer comes from the callee's side, a round trip after the call was registered: never before the
        // caller has its call (and its screen) in hand.
        setTimeout(
          () => this.#notify(caller.uid, 'onOutgoingCallRejected', session),
          BUSY_ANSWER_DELAY,
        );
      }
    } else {
      this.#notify(receiver.uid, 'onIncomingCallReceived', session);
      // The callee's device rings, or the phone of a simulated person who answers by a rule (autoAnswer).
      if (hasDevice || (!remote && this.control._rings(receiver.uid))) {
        this.#ringing(session);
      }
      if (!remote) {
        this.control._answer(session);
      }
    }
    return this.#answer(kitSessionSnapshot({...session, status: RINGING}));
  }

  /**
   * Tells the parties of an ongoing call news that change no status (its connection dropped or came back, a hold):
   * both, or one, whose devices in other tabs hear it too. @docs-private
   * @returns Whether the call is ongoing.
   */
  _tell(
    sessionId: string,
    method: keyof KitCallListener,
    uid?: string,
    fromOtherTab?: boolean,
  ): boolean {
    const session = this.#sessions.get(sessionId);
    if (session?.status !== 'ongoing') {
      return false;
    }
    if (uid && !fromOtherTab) {
      this.#broadcast({kind: method as 'onCallHeld', sessionId, uid});
    }
    for (const party of uid
      ? [uid]
      : [kitCaller(session.call).uid, kitReceiver(session.call).uid]) {
      this.#notify(party, method, session);
    }
    return true;
  }

  /** Replays what another tab did, once checked (`kitTabOperation`); whatever else a page posts is dropped. */
  #replay(data: unknown): void {
    const message = kitTabOperation(data);
    if (!message && (this as KitInMemoryLines)._mesh) {
      // Maybe a signal of this tab's media mesh (in-memory-mesh.ts): it checks it, or counts it dropped.
      (this as KitInMemoryLines)._mesh!(data);
    } else if (!message) {
      this.droppedMessages++;
    } else if (message.kind === 'register') {
      this.#directory.set(message.user.uid, {...message.user});
    } else if (message.kind === 'device') {
      this.#devicesElsewhere.add(message.uid);
    } else if (message.kind === 'hello') {
      this.#devices.forEach(device => this._announce(device));
    } else if (message.kind === 'initiate') {
      // A call this tab never saw (it opened later) cannot be replayed: nothing to tell its devices.
      this._initiate(OTHER_TAB, kitCaller(message.call), message.call).catch(() => {});
    } else if (message.kind === 'ringing') {
      this.#ringing(this.#sessions.get(message.sessionId), true);
    } else if (message.kind === 'onCallHeld' || message.kind === 'onCallResumed') {
      this._tell(message.sessionId, message.kind, message.uid, true);
    } else {
      this._act(
        OTHER_TAB,
        message.uid,
        message.sessionId,
        message.kind,
        message.status,
        message.users,
        message.call,
      ).catch(() => {});
    }
  }

  /**
   * Acts on a call as one of its parties: fails with the error of the action or an injected fault (never for an
   * action replayed from another tab, whose own tab took the fault), or shares it with the other tabs, sets the
   * call's new status and tells the parties. A group call's actions (`'invite'` too, with its people and the call it
   * carries) are theirs: `kitInMemoryGroupCalls()` routes them there; here an invite fails. @docs-private
   */
  _act(...act: Parameters<KitInMemoryAct>): Promise<KitCall>;
  _act(
    actor: KitInMemoryDevice | null,
    actorUid: string,
    sessionId: string,
    action: 'accept' | 'reject' | 'end' | 'invite',
    status: KitCallStatus,
  ): Promise<KitCall> {
    const remote = actor === OTHER_TAB;
    const found = this.#sessions.find(sessionId, actorUid, action, status);
    // (`find` fails an invite: what is left is one of the far side's actions.)
    const error =
      found instanceof KitException
        ? found
        : remote
          ? null
          : this.control._fault(action as KitInMemoryAction);
    if (error) {
      return this.#fail(error);
    }
    if (!remote) {
      this.#broadcast({kind: action, uid: actorUid, sessionId, status});
    }
    const session = found as KitInMemorySession;
    this.#sessions.setStatus(session, status);
    if (action === 'accept') {
      session.answerDevice = actor;
    }
    const caller = kitCaller(session.call).uid;
    const receiver = kitReceiver(session.call).uid;
    if (action === 'end') {
      this.#notify(caller, 'onCallEnded', session);
      this.#notify(receiver, 'onCallEnded', session);
    } else if (actorUid === caller) {
      // The caller cancels (only the callee may accept).
      this.#notify(receiver, 'onIncomingCallCancelled', session);
    } else {
      const accepted = action === 'accept';
      this.#notify(caller, accepted ? 'onOutgoingCallAccepted' : 'onOutgoingCallRejected', session);
      // The callee's other devices stop ringing.
      this.#notify(actorUid, 'onIncomingCallCancelled', session, actor, {
        ...kitSessionSnapshot(session),
        status: accepted ? 'accepted-elsewhere' : 'rejected-elsewhere',
      });
    }
    return this.#answer(kitSessionSnapshot(session));
  }

  /**
   * Tells the caller's device that the callee's device rings, once per call, as a real SDK relays a 180 Ringing (a
   * caller in another tab learns it through the channel); a simulated callee rings once it has an answer set.
   */
  #ringing(session: KitInMemorySession | undefined, fromOtherTab = false): void {
    if (!session || session.rang) {
      return;
    }
    session.rang = true;
    const caller = session.callerDevice;
    if (caller === OTHER_TAB) {
      // A tab that neither placed the call nor rang for it must not echo the news back to the channel.
      if (fromOtherTab) {
        return;
      }
      this.#broadcast({kind: 'ringing', sessionId: session.call.sessionId});
    } else if (caller) {
      // After the callee's device got the call (a later task), and only while the call still rings.
      this.#later(() => {
        if (session.status === RINGING) {
          caller._deliver('onOutgoingCallRinging', kitSessionSnapshot(session));
        }
      });
    }
  }

  /** Tells the other tabs what happened here, if connected. */
  #broadcast(operation: KitTabOperation): void {
    this.#channel?.postMessage(operation);
  }

  /**
   * Delivers a listener callback to every device of a user but `except` (the one that acted, if any), a latency
   * later, as over a wire; `call` is what it carries: the call as it is now, unless told otherwise.
   */
  #notify(
    uid: string,
    method: keyof KitCallListener,
    session: KitInMemorySession,
    except: KitInMemoryDevice | null = null,
    call = kitSessionSnapshot(session),
  ): void {
    for (const device of this.#devices) {
      if (device !== except && device.user?.uid === uid) {
        this.#later(() => device._deliver(method, call));
      }
    }
  }

  #later(task: () => void): void {
    setTimeout(task, this.latency);
  }

  /** @returns The answer of an SDK action, a latency later. */
  #answer(call: KitCall): Promise<KitCall> {
    return new Promise(resolve => this.#later(() => resolve(call)));
  }

  /** @returns The failure of an SDK action, a latency later. */
  #fail(error: KitException): Promise<KitCall> {
    return new Promise((_, reject) => this.#later(() => reject(error)));
  }
}
