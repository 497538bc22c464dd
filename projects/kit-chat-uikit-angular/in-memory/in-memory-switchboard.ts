import {Injectable, OnDestroy} from '@angular/core';
import {
  KitCall,
  KitCallListener,
  KitCallStatus,
  KitCallType,
  KitErrorCode,
  KitErrorCodes,
  KitException,
  KitUser,
  kitCaller,
  kitReceiver,
  kitValidateCall,
} from 'kit-chat-uikit-angular';

/** An SDK action whose next use can be made to fail with `KitInMemoryFarSide.failNext`. */
export type KitInMemoryAction = 'initiate' | 'accept' | 'reject' | 'end';

/** What a simulated user does when a call rings for it. */
export type KitInMemoryAnswer = 'accept' | 'reject' | 'busy' | 'never';

/** One device (SDK instance) on the switchboard. @docs-private */
export interface KitInMemoryDevice {
  /** The user logged in on this device, or `null`. */
  readonly user: KitUser | null;
  /** Delivers a listener callback to this device. */
  _deliver(method: keyof KitCallListener, call: KitCall): void;
}

/** An operation replayed by the switchboards of the other tabs. */
type KitTabOperation =
  | {kind: 'initiate'; call: KitCall}
  | {kind: 'accept'; uid: string; sessionId: string}
  | {kind: 'reject'; uid: string; sessionId: string; status: KitCallStatus}
  | {kind: 'end'; uid: string; sessionId: string}
  | {kind: 'ringing'; sessionId: string}
  | {kind: 'device'; uid: string}
  | {kind: 'hello'}
  | {kind: 'register'; user: KitUser};

/** Stands for a device of another tab: it is never a local device, so local devices of its user are told. */
const OTHER_TAB: KitInMemoryDevice = {user: null, _deliver: () => {}};

interface Session {
  call: KitCall;
  status: KitCallStatus;
  /** Device that initiated the call, or `null` when the far side rang. */
  callerDevice: KitInMemoryDevice | null;
  /** Whether the caller was told that the callee's device rings. */
  rang?: boolean;
}

const RINGING: KitCallStatus = 'initiated';

/** How many calls the switchboard remembers; the oldest ended ones are forgotten beyond. */
const SESSIONS_KEPT = 200;

/** Extra delay, in ms, of the busy answer of a callee that is in a call. */
const BUSY_ANSWER_DELAY = 100;

/**
 * The in-process switchboard behind `KitInMemoryCallsSdk`: it routes calls between the SDK instances (devices)
 * attached to it, and between them and simulated users driven through `control`. One per app injector, so two
 * apps or two tests never share calls.
 */
@Injectable({providedIn: 'root'})
export class KitInMemorySwitchboard implements OnDestroy {
  /** Delay, in ms, of every answer and listener callback, as a network would add. */
  latency = 0;

  /** Drives the far side of calls and injects faults: for demos and tests. */
  readonly control: KitInMemoryFarSide = new KitInMemoryFarSide(this);

  readonly #devices = new Set<KitInMemoryDevice>();
  readonly #sessions = new Map<string, Session>();
  readonly #faults: {action: KitInMemoryAction; code: KitErrorCode}[] = [];
  readonly #answers = new Map<string, {answer: KitInMemoryAnswer; afterMs: number}>();
  readonly #directory = new Map<string, KitUser>();
  /** Users with a device in another tab: their own kit decides about a call, also while they are in a call. */
  readonly #devicesElsewhere = new Set<string>();
  #sequence = 0;
  #channel: BroadcastChannel | null = null;

  /**
   * Shares the calls with the other tabs of this origin that connect to the same channel, through a
   * `BroadcastChannel`: two tabs logged in as two users can call each other, and the tabs of one user all ring.
   * Does nothing where `BroadcastChannel` is missing (the server, old browsers).
   * @param channelName Name of the channel.
   */
  connectTabs(channelName = 'kit-in-memory-calls'): void {
    if (this.#channel || typeof BroadcastChannel === 'undefined') {
      return;
    }
    this.#channel = new BroadcastChannel(channelName);
    this.#channel.onmessage = (event: MessageEvent<KitTabOperation>) => this.#replay(event.data);
    this.#directory.forEach(user => this.#broadcast({kind: 'register', user}));
    this.#devices.forEach(device => this._announceDevice(device));
    // The tabs opened before this one answer with their devices.
    this.#broadcast({kind: 'hello'});
  }

  /** Stops sharing calls with other tabs. */
  disconnectTabs(): void {
    this.#channel?.close();
    this.#channel = null;
  }

  /** Stops sharing calls with other tabs when the app's injector is destroyed. */
  ngOnDestroy(): void {
    this.disconnectTabs();
  }

  /** @docs-private */
  _attach(device: KitInMemoryDevice): void {
    this.#devices.add(device);
    this._announceDevice(device);
  }

  /** Tells the other tabs that a user has a device here. Called again when a device logs a user in. @docs-private */
  _announceDevice(device: KitInMemoryDevice): void {
    if (device.user) {
      this.#broadcast({kind: 'device', uid: device.user.uid});
    }
  }

  /** @docs-private */
  _detach(device: KitInMemoryDevice): void {
    this.#devices.delete(device);
  }

  /** @docs-private */
  _setFault(action: KitInMemoryAction, code: KitErrorCode): void {
    this.#faults.push({action, code});
  }

  /** @docs-private */
  _setAnswer(uid: string, answer: KitInMemoryAnswer, afterMs: number): void {
    this.#answers.set(uid, {answer, afterMs});
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
   * Looks a call up, for tests and the demo's far side.
   * @param sessionId Session id of a call.
   * @returns A copy of the call with its current status, or `undefined` when unknown.
   */
  getCall(sessionId: string): KitCall | undefined {
    const session = this.#sessions.get(sessionId);
    return session && this.#snapshot(session);
  }

  /**
   * Every call the switchboard remembers (the 200 newest, and every call still ringing or ongoing).
   * @returns Copies of the calls with their current status, oldest first.
   */
  calls(): KitCall[] {
    return [...this.#sessions.values()].map(session => this.#snapshot(session));
  }

  /** Starts a call from `actor` (a device, or `null` for a simulated caller). @docs-private */
  _initiate(actor: KitInMemoryDevice | null, caller: KitUser, input: KitCall): Promise<KitCall> {
    const remote = actor === OTHER_TAB;
    const invalid = kitValidateCall(
      {...input, sender: caller, callInitiator: caller},
      {
        requireSessionId: false,
      },
    );
    if (invalid) {
      return this.#fail(invalid);
    }
    const receiver = kitReceiver(input);
    if (receiver.uid === caller.uid) {
      return this.#fail(
        new KitException(KitErrorCodes.INVALID_CALL, 'A user cannot call itself.', input),
      );
    }
    if (input.sessionId && this.#sessions.has(input.sessionId)) {
      return this.#fail(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          `Session "${input.sessionId}" exists already.`,
        ),
      );
    }
    const fault = remote ? null : this.#takeFault('initiate');
    if (fault) {
      return this.#fail(fault);
    }
    // Unique across tabs too: a counter, the time and a random part.
    const sessionId =
      input.sessionId ||
      `call-${++this.#sequence}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const call: KitCall = {
      sessionId,
      type: input.type,
      sender: {...caller},
      callInitiator: {...caller},
      receiver: {...receiver},
      callReceiver: {...receiver},
    };
    const session: Session = {call, status: RINGING, callerDevice: actor};
    this.#sessions.set(sessionId, session);
    this.#forgetOldCalls();
    this._register(caller);
    this._register(receiver);
    if (!remote) {
      this.#broadcast({kind: 'initiate', call});
    }

    const hasDevice = this.#hasDevice(receiver.uid);
    if (this.#isInCall(receiver.uid, sessionId) && !hasDevice) {
      // A callee with a device (here or in another tab) hears the call even while in a call: its kit answers busy or
      // shows the call waiting, by its own policy. A simulated callee has no kit, so the switchboard answers busy
      // for it, in the tab that placed the call only.
      if (!remote && !this.#devicesElsewhere.has(receiver.uid)) {
        session.status = 'busy';
        // The busy answer comes from the callee's side, a round trip after the call was registered: never before the
        // caller has its call (and its screen) in hand.
        setTimeout(
          () => this.#notify(caller.uid, 'onOutgoingCallRejected', session),
          BUSY_ANSWER_DELAY,
        );
      }
    } else {
      if (this.#notify(receiver.uid, 'onIncomingCallReceived', session)) {
        this.#ringing(session);
      }
      if (!remote) {
        this.#autoAnswer(session);
      }
    }
    return this.#answer(this.#snapshot({...session, status: RINGING}));
  }

  /** Accepts a call as `actor` (a device, or `null` for the simulated receiver). @docs-private */
  _accept(actor: KitInMemoryDevice | null, actorUid: string, sessionId: string): Promise<KitCall> {
    const session = this.#ringingSession(sessionId, actorUid, 'receiver');
    if (session instanceof KitException) {
      return this.#fail(session);
    }
    const fault = actor === OTHER_TAB ? null : this.#takeFault('accept');
    if (fault) {
      return this.#fail(fault);
    }
    this.#share(actor, {kind: 'accept', uid: actorUid, sessionId});
    session.status = 'ongoing';
    this.#notify(kitCaller(session.call).uid, 'onOutgoingCallAccepted', session);
    this.#notifyOtherDevices(actorUid, actor, session, 'accepted-elsewhere');
    return this.#answer(this.#snapshot(session));
  }

  /** Rejects (receiver) or cancels (caller) a ringing call. @docs-private */
  _reject(
    actor: KitInMemoryDevice | null,
    actorUid: string,
    sessionId: string,
    status: KitCallStatus,
  ): Promise<KitCall> {
    const session = this.#ringingSession(sessionId, actorUid, 'either');
    if (session instanceof KitException) {
      return this.#fail(session);
    }
    const isCaller = kitCaller(session.call).uid === actorUid;
    const allowed: KitCallStatus[] = isCaller
      ? ['cancelled', 'unanswered']
      : ['rejected', 'busy', 'unanswered', 'unavailable', 'failed'];
    if (!allowed.includes(status)) {
      return this.#fail(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          `The ${isCaller ? 'caller' : 'receiver'} cannot end a ringing call as "${status}"; use ${allowed.join(' or ')}.`,
        ),
      );
    }
    const fault = actor === OTHER_TAB ? null : this.#takeFault('reject');
    if (fault) {
      return this.#fail(fault);
    }
    this.#share(actor, {kind: 'reject', uid: actorUid, sessionId, status});
    session.status = status;
    if (isCaller) {
      this.#notify(kitReceiver(session.call).uid, 'onIncomingCallCancelled', session);
    } else {
      this.#notify(kitCaller(session.call).uid, 'onOutgoingCallRejected', session);
      this.#notifyOtherDevices(actorUid, actor, session, 'rejected-elsewhere');
    }
    return this.#answer(this.#snapshot(session));
  }

  /** Ends an ongoing call. @docs-private */
  _end(
    actorUid: string,
    sessionId: string,
    actor: KitInMemoryDevice | null = null,
  ): Promise<KitCall> {
    const session = this.#sessions.get(sessionId);
    if (!session) {
      return this.#fail(this.#unknown(sessionId));
    }
    if (!this.#isParty(session, actorUid)) {
      return this.#fail(
        new KitException(KitErrorCodes.INVALID_CALL, `"${actorUid}" is not in this call.`),
      );
    }
    if (session.status !== 'ongoing') {
      return this.#fail(this.#ended(session));
    }
    const fault = actor === OTHER_TAB ? null : this.#takeFault('end');
    if (fault) {
      return this.#fail(fault);
    }
    this.#share(actor, {kind: 'end', uid: actorUid, sessionId});
    session.status = 'ended';
    this.#notify(kitCaller(session.call).uid, 'onCallEnded', session);
    this.#notify(kitReceiver(session.call).uid, 'onCallEnded', session);
    return this.#answer(this.#snapshot(session));
  }

  #replay(operation: KitTabOperation): void {
    let replayed: Promise<unknown>;
    switch (operation.kind) {
      case 'register':
        this.#directory.set(operation.user.uid, {...operation.user});
        return;
      case 'device':
        this.#devicesElsewhere.add(operation.uid);
        return;
      case 'hello':
        this.#devices.forEach(device => this._announceDevice(device));
        return;
      case 'initiate':
        replayed = this._initiate(OTHER_TAB, kitCaller(operation.call), operation.call);
        break;
      case 'accept':
        replayed = this._accept(OTHER_TAB, operation.uid, operation.sessionId);
        break;
      case 'reject':
        replayed = this._reject(OTHER_TAB, operation.uid, operation.sessionId, operation.status);
        break;
      case 'end':
        replayed = this._end(operation.uid, operation.sessionId, OTHER_TAB);
        break;
      case 'ringing': {
        const session = this.#sessions.get(operation.sessionId);
        if (session) {
          this.#ringing(session, true);
        }
        return;
      }
    }
    // A call this tab never saw (it opened later) cannot be replayed: nothing to tell its devices.
    replayed.catch(() => {});
  }

  #share(actor: KitInMemoryDevice | null, operation: KitTabOperation): void {
    if (actor !== OTHER_TAB) {
      this.#broadcast(operation);
    }
  }

  #broadcast(operation: KitTabOperation): void {
    this.#channel?.postMessage(operation);
  }

  #ringingSession(
    sessionId: string,
    actorUid: string,
    role: 'receiver' | 'either',
  ): Session | KitException {
    const session = this.#sessions.get(sessionId);
    if (!session) {
      return this.#unknown(sessionId);
    }
    const isReceiver = kitReceiver(session.call).uid === actorUid;
    if (!isReceiver && (role === 'receiver' || kitCaller(session.call).uid !== actorUid)) {
      return new KitException(
        KitErrorCodes.INVALID_CALL,
        `"${actorUid}" cannot ${role === 'receiver' ? 'accept' : 'reject'} call "${sessionId}".`,
      );
    }
    return session.status === RINGING ? session : this.#ended(session);
  }

  /** Keeps memory flat in a long-lived demo: the oldest ended calls are forgotten past `SESSIONS_KEPT`. */
  #forgetOldCalls(): void {
    for (const [id, session] of this.#sessions) {
      if (this.#sessions.size <= SESSIONS_KEPT) {
        return;
      }
      if (session.status !== RINGING && session.status !== 'ongoing') {
        this.#sessions.delete(id);
      }
    }
  }

  #isParty(session: Session, uid: string): boolean {
    return kitCaller(session.call).uid === uid || kitReceiver(session.call).uid === uid;
  }

  #hasDevice(uid: string): boolean {
    for (const device of this.#devices) {
      if (device.user?.uid === uid) {
        return true;
      }
    }
    return false;
  }

  #isInCall(uid: string, exceptSessionId: string): boolean {
    for (const [id, session] of this.#sessions) {
      if (id !== exceptSessionId && session.status === 'ongoing' && this.#isParty(session, uid)) {
        return true;
      }
    }
    return false;
  }

  #autoAnswer(session: Session): void {
    const receiverUid = kitReceiver(session.call).uid;
    const rule = this.#answers.get(receiverUid);
    if (!rule || rule.answer === 'never') {
      return;
    }
    setTimeout(() => {
      if (session.status !== RINGING) {
        return;
      }
      const answer =
        rule.answer === 'accept'
          ? this._accept(null, receiverUid, session.call.sessionId)
          : this._reject(
              null,
              receiverUid,
              session.call.sessionId,
              rule.answer === 'busy' ? 'busy' : 'rejected',
            );
      // A fault injected for the far side is the test's business: nothing to report here.
      answer.catch(() => {});
    }, rule.afterMs);
  }

  #notifyOtherDevices(
    uid: string,
    actor: KitInMemoryDevice | null,
    session: Session,
    status: KitCallStatus,
  ): void {
    const call = {...this.#snapshot(session), status};
    for (const device of this.#devices) {
      if (device !== actor && device.user?.uid === uid) {
        this.#later(() => device._deliver('onIncomingCallCancelled', call));
      }
    }
  }

  /**
   * Tells the caller's device that the callee's device rings, once per call, as a real SDK relays a 180 Ringing.
   * A caller in another tab learns it through the channel; a simulated callee has no device, so it never rings.
   */
  #ringing(session: Session, fromOtherTab = false): void {
    if (session.rang) {
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
          caller._deliver('onOutgoingCallRinging', this.#snapshot(session));
        }
      });
    }
  }

  /** @returns Whether a device of the user got the call. */
  #notify(uid: string, method: keyof KitCallListener, session: Session): boolean {
    const call = this.#snapshot(session);
    let delivered = false;
    for (const device of this.#devices) {
      if (device.user?.uid === uid) {
        delivered = true;
        this.#later(() => device._deliver(method, call));
      }
    }
    return delivered;
  }

  #snapshot(session: Session): KitCall {
    const {call} = session;
    return {
      ...call,
      sender: {...call.sender},
      receiver: {...call.receiver},
      callInitiator: {...call.callInitiator},
      callReceiver: {...call.callReceiver},
      status: session.status,
    };
  }

  #takeFault(action: KitInMemoryAction): KitException | null {
    const index = this.#faults.findIndex(fault => fault.action === action);
    if (index < 0) {
      return null;
    }
    const [fault] = this.#faults.splice(index, 1);
    return new KitException(fault.code, `Injected fault: the next "${action}" fails.`);
  }

  #unknown(sessionId: string): KitException {
    return new KitException(KitErrorCodes.UNKNOWN_SESSION, `Unknown call session "${sessionId}".`);
  }

  #ended(session: Session): KitException {
    return new KitException(
      KitErrorCodes.CALL_ENDED,
      `Call "${session.call.sessionId}" is ${session.status} and cannot be acted on.`,
      this.#snapshot(session),
    );
  }

  #later(task: () => void): void {
    setTimeout(task, this.latency);
  }

  #answer(call: KitCall): Promise<KitCall> {
    return new Promise(resolve => this.#later(() => resolve(call)));
  }

  #fail<T>(error: KitException): Promise<T> {
    return new Promise((_, reject) => this.#later(() => reject(error)));
  }
}

/**
 * Plays the people at the far side of calls on a `KitInMemorySwitchboard`, and injects faults. Reached as
 * `switchboard.control`.
 */
export class KitInMemoryFarSide {
  /**
   * Made by its switchboard: reach it as `switchboard.control`.
   * @param _switchboard The switchboard whose far side this plays.
   */
  constructor(private readonly _switchboard: KitInMemorySwitchboard) {}

  /**
   * Sets the delay of every answer and callback.
   * @param ms Milliseconds.
   */
  setLatency(ms: number): void {
    this._switchboard.latency = Math.max(0, ms);
  }

  /**
   * Makes the next use of an SDK action fail, by whichever side uses it.
   * @param action `'initiate'`, `'accept'`, `'reject'` or `'end'`.
   * @param code Code of the `KitException` (default `ERR_NETWORK`).
   */
  failNext(action: KitInMemoryAction, code: KitErrorCode = KitErrorCodes.NETWORK): void {
    this._switchboard._setFault(action, code);
  }

  /**
   * Sets what a simulated user does when a call rings for it.
   * @param uid The simulated user.
   * @param answer `'accept'`, `'reject'`, `'busy'` or `'never'` (the default: it rings until cancelled).
   * @param afterMs How long it rings first.
   */
  autoAnswer(uid: string, answer: KitInMemoryAnswer, afterMs = 1000): void {
    this._switchboard._setAnswer(uid, answer, afterMs);
  }

  /**
   * A callee that never answers.
   * @param uid The simulated user.
   */
  neverAnswer(uid: string): void {
    this.autoAnswer(uid, 'never');
  }

  /**
   * Adds users to the directory, for contact lists.
   * @param users The users.
   */
  addUsers(...users: KitUser[]): void {
    users.forEach(user => this._switchboard._register(user));
  }

  /**
   * A simulated user calls someone.
   * @param from The caller.
   * @param to The callee (usually the user logged in on a device).
   * @param type `'audio'` or `'video'`.
   * @returns The call, once the switchboard registered it.
   */
  ring(from: KitUser, to: KitUser, type: KitCallType = 'audio'): Promise<KitCall> {
    const call: KitCall = {
      sessionId: '',
      type,
      sender: from,
      callInitiator: from,
      receiver: to,
      callReceiver: to,
    };
    return this._switchboard._initiate(null, from, call);
  }

  /** The callee of a call accepts it. @param sessionId The call. @returns The accepted call. */
  accept(sessionId: string): Promise<KitCall> {
    return this._switchboard._accept(null, this.#receiverOf(sessionId), sessionId);
  }

  /** The callee of a call declines it. @param sessionId The call. @returns The rejected call. */
  reject(sessionId: string): Promise<KitCall> {
    return this._switchboard._reject(null, this.#receiverOf(sessionId), sessionId, 'rejected');
  }

  /** The callee of a call answers busy. @param sessionId The call. @returns The call. */
  busy(sessionId: string): Promise<KitCall> {
    return this._switchboard._reject(null, this.#receiverOf(sessionId), sessionId, 'busy');
  }

  /**
   * The network's word on a ringing call: the callee could not be reached (`'unavailable'`: offline, unknown), or
   * the call broke (`'failed'`: a server error, a lost connection), as a SIP proxy's 480 or 5xx would say.
   * @param sessionId The call.
   * @param status `'unavailable'` or `'failed'`.
   * @returns The ended call.
   */
  unreachable(
    sessionId: string,
    status: 'unavailable' | 'failed' = 'unavailable',
  ): Promise<KitCall> {
    return this._switchboard._reject(null, this.#receiverOf(sessionId), sessionId, status);
  }

  /** The caller of a call cancels it. @param sessionId The call. @returns The cancelled call. */
  cancel(sessionId: string): Promise<KitCall> {
    const call = this._switchboard.getCall(sessionId);
    return this._switchboard._reject(null, call ? kitCaller(call).uid : '', sessionId, 'cancelled');
  }

  /** The far side hangs up an ongoing call. @param sessionId The call. @returns The ended call. */
  end(sessionId: string): Promise<KitCall> {
    const call = this._switchboard.getCall(sessionId);
    return this._switchboard._end(call ? kitReceiver(call).uid : '', sessionId);
  }

  /**
   * The newest call of a user, to act on it (`accept(farSide.lastCallOf('ada')!.sessionId)`).
   * @param uid A user.
   * @returns The newest call that involves the user, if any.
   */
  lastCallOf(uid: string): KitCall | undefined {
    return this._switchboard
      .calls()
      .reverse()
      .find(call => kitCaller(call).uid === uid || kitReceiver(call).uid === uid);
  }

  #receiverOf(sessionId: string): string {
    const call = this._switchboard.getCall(sessionId);
    return call ? kitReceiver(call).uid : '';
  }
}
