import {Injectable} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import fc from 'fast-check';
import {withGroupCalls} from 'kit-chat-uikit-angular/group';
import {KitFakeAudioPlayer} from '../../testing/fake-audio-player';
import {provideKitUIKit} from '../provide/provide-kit-uikit';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallSession, _kitObserveCallTransitions} from '../session/call-session';
import {KIT_CALL_TABLE, KitCallRow} from '../session/call-session-table';
import {KitAudioPlayer} from '../sound/audio-player';
import {KitCallListener, KitCallsSdk, KitGroupCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitParticipantStatus, KitUser} from '../sdk/models';

/*
 * The model-based stress test of calls with several people (issue 34, part 5): groups of 2 to 6 people, the
 * caller's side and a callee's, with faults (latency, refused and hanging SDK actions, stale and repeated news, a
 * stray onOutgoingCallRejected), through the real registry, switch, sessions and `withGroupCalls()` engine (no
 * screens: a view is a session's attached viewer; the screens are the 1:1 stress test's part). A fake adapter
 * keeps the truth of every call (who rings, who joined) and plays each member.
 *
 * Invariants, checked after every step:
 *   - ring:     nobody rings here after the call ended or past ring time-out + action time-out (no session stays
 *               ringing or dialing longer, and the adapter stops every ring of a call the kit ended);
 *   - decline:  one member's decline (busy, no answer, leaving) never ends the others' call: the kit's caller ends
 *               a call as declined or unanswered only when nobody rings or is in it any more (or its own ring
 *               time-out withdrew it), and a live call ends only when nobody else is in it;
 *   - cancel:   a cancel before any accept stops every ring (the kit sends it, the adapter stops them);
 *   - liveness: once the far side goes silent, every session but a live one is done within ring time-out +
 *               2 action time-outs + the outcome's delay, and a live one is done once the user hangs up;
 *   - table:    every transition is a row or a written ignore of the call's table.
 *
 *   KIT_GROUP_STRESS_RUNS  number of sequences (default 150; CI 600)
 *   KIT_GROUP_STRESS_SEED  seed to replay a run (printed at the start)
 *   KIT_GROUP_STRESS_STEPS longest sequence (default 14)
 */
const IN_CI = !!process.env['CI'] && process.env['CI'] !== 'false';
const RUNS = Number(process.env['KIT_GROUP_STRESS_RUNS'] || (IN_CI ? 300 : 150));
const MAX_STEPS = Number(process.env['KIT_GROUP_STRESS_STEPS'] || 14);
const SEED = process.env['KIT_GROUP_STRESS_SEED']
  ? Number(process.env['KIT_GROUP_STRESS_SEED'])
  : (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;

const ME: KitUser = {uid: 'me', name: 'Me'};
const PEOPLE: KitUser[] = ['ada', 'bob', 'cy', 'dot', 'eve', 'fay'].map(uid => ({uid, name: uid}));
const RING_MS = 8_000;
const ACTION_MS = 1_000;
const OUTCOME_MS = 500;
/** The adapter's own ring time-out for each callee: a little past the kit's. */
const ADAPTER_RING_MS = RING_MS + 500;
const SLACK_MS = 300;
/**
 * A ring time-out the SDK refused is tried again this much later (call-session-host.ts, as for two people): the
 * second refusal ends the call here.
 */
const RETRY_MS = Math.min(RING_MS, 5_000);
const FINAL: readonly KitParticipantStatus[] = ['declined', 'busy', 'unanswered', 'left'];
const RINGING: readonly string[] = ['ringing', 'dialing', 'accepting', 'declining', 'cancelling'];

type MemberOp = 'join' | 'decline' | 'busy' | 'noAnswer' | 'leave';
type Step =
  | {kind: 'call'; size: number; group: boolean}
  | {kind: 'ringMe'; size: number}
  | {kind: 'member'; op: MemberOp; call: number; who: number}
  | {kind: 'callerCancels'; call: number}
  | {kind: 'stray'; call: number}
  | {kind: 'stale'; call: number; back: number}
  | {kind: 'user'; op: 'hangUp' | 'accept' | 'decline'; call: number}
  | {kind: 'refuseNext'}
  | {kind: 'latency'; ms: number}
  | {kind: 'wait'; ms: number};

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('call' as const),
    size: fc.integer({min: 2, max: 6}),
    group: fc.boolean(),
  }),
  fc.record({kind: fc.constant('ringMe' as const), size: fc.integer({min: 2, max: 6})}),
  fc.record({
    kind: fc.constant('member' as const),
    op: fc.constantFrom<MemberOp>('join', 'decline', 'busy', 'noAnswer', 'leave'),
    call: fc.nat(3),
    who: fc.nat(5),
  }),
  fc.record({kind: fc.constant('callerCancels' as const), call: fc.nat(3)}),
  fc.record({kind: fc.constant('stray' as const), call: fc.nat(3)}),
  fc.record({kind: fc.constant('stale' as const), call: fc.nat(3), back: fc.nat(4)}),
  fc.record({
    kind: fc.constant('user' as const),
    op: fc.constantFrom<'hangUp' | 'accept' | 'decline'>('hangUp', 'accept', 'decline'),
    call: fc.nat(3),
  }),
  fc.record({kind: fc.constant('refuseNext' as const)}),
  fc.record({kind: fc.constant('latency' as const), ms: fc.constantFrom(0, 50, 400)}),
  fc.record({kind: fc.constant('wait' as const), ms: fc.constantFrom(100, 1_000, 4_000, RING_MS)}),
);

/** The truth of one call, as the adapter keeps it. */
interface Truth {
  call: KitCall;
  /** Everyone's status, me included. */
  people: Map<string, KitParticipantStatus>;
  users: KitUser[];
  mine: boolean;
  over: boolean;
  /** The news sent so far, for stale replays. */
  sent: KitCall[];
}

/** A group adapter that plays every member; faults: latency, a refused or (silent) hanging action. */
@Injectable()
class StressGroupSdk extends KitCallsSdk implements KitGroupCallsSdk {
  readonly groupCalls = true;
  readonly truths = new Map<string, Truth>();
  readonly log: string[] = [];
  latency = 0;
  refuseNext = false;
  silent = false;
  #listener: KitCallListener | null = null;
  #next = 0;

  getLoggedInUser = () => ME;
  addCallListener = (_: string, listener: KitCallListener) => void (this.#listener = listener);
  removeCallListener = () => void (this.#listener = null);

  initiateCall(call: KitCall): Promise<KitCall> {
    const id = `out-${++this.#next}`;
    const callees = (call.participants ?? []).slice(1).map(p => p.user);
    // A refused start rings nobody.
    return this.#answer(
      'initiateCall',
      id,
      () => (this.#open(id, ME, callees, true, call), this.#call(id)),
    );
  }
  acceptCall(id: string): Promise<KitCall> {
    return this.#answer('acceptCall', id, () => (this.#set(id, ME, 'joined'), this.#call(id)));
  }
  rejectCall(id: string, status: string): Promise<KitCall> {
    return this.#answer(`rejectCall ${status}`, id, () => {
      const truth = this.truths.get(id)!;
      if (truth.mine) {
        this.#stopRings(truth);
      } else {
        this.#set(id, ME, status === 'busy' ? 'busy' : 'declined');
      }
      return this.#call(id);
    });
  }
  endCall(id: string): Promise<void> {
    return this.#answer('endCall', id, () => void this.#set(id, ME, 'left'));
  }
  leaveCall(id: string): Promise<void> {
    return this.#answer('leaveCall', id, () => void this.#set(id, ME, 'left'));
  }

  /** Someone calls me and others: the ring arrives after the latency. */
  ringMe(size: number): void {
    const id = `in-${++this.#next}`;
    const [caller, ...others] = PEOPLE.slice(0, size);
    this.#open(id, caller, [ME, ...others], false);
    this.#later(() => this.#listener?.onIncomingCallReceived?.(this.#call(id)));
  }

  /** A member's move, when it makes sense for where they stand. */
  member(truth: Truth, user: KitUser, op: MemberOp): void {
    const now = truth.people.get(user.uid);
    const ringing = now === 'ringing';
    const to: KitParticipantStatus | null =
      op === 'join' && ringing ? 'joined' : op === 'leave' && now === 'joined' ? 'left' : null;
    const answer = {decline: 'declined', busy: 'busy', noAnswer: 'unanswered'} as const;
    const next = to ?? (ringing && op in answer ? answer[op as keyof typeof answer] : null);
    if (next && !truth.over) {
      this.#set(truth.call.sessionId, user, next);
    }
  }

  /** The caller of a call to me cancels it while it rings (every ring stops). */
  callerCancels(truth: Truth): void {
    if (!truth.mine && !truth.over && truth.people.get(ME.uid) === 'ringing') {
      this.#stopRings(truth);
      const call = {...this.#call(truth.call.sessionId), status: 'cancelled' as const};
      this.#later(() => this.#listener?.onIncomingCallCancelled?.(call));
    }
  }

  deliver(method: keyof KitCallListener, call: KitCall): void {
    this.#later(() => this.#listener?.[method]?.(call));
  }

  #open(id: string, caller: KitUser, callees: KitUser[], mine: boolean, base?: KitCall): void {
    const receiver = mine ? callees[0] : ME;
    const users = [caller, ...callees];
    const call: KitCall = {
      ...base,
      sessionId: id,
      type: 'audio',
      sender: caller,
      callInitiator: caller,
      receiver,
      callReceiver: receiver,
      status: 'initiated',
      group: base?.group ?? (mine ? null : {id: 'team', name: 'Team'}),
    };
    const people = new Map(users.map(u => [u.uid, u === caller ? 'joined' : 'ringing'] as const));
    const truth: Truth = {call, people: new Map(people), users, mine, over: false, sent: []};
    this.truths.set(id, truth);
    // Each callee's ring times out at the adapter.
    setTimeout(() => {
      for (const user of callees) {
        if (truth.people.get(user.uid) === 'ringing' && user !== ME) {
          this.#set(id, user, 'unanswered');
        }
      }
    }, ADAPTER_RING_MS);
    this.#news(id);
  }

  #stopRings(truth: Truth): void {
    truth.over = true;
    for (const [uid, status] of truth.people) {
      if (status === 'ringing') {
        truth.people.set(uid, 'left');
      }
    }
  }

  #set(id: string, user: KitUser, status: KitParticipantStatus): void {
    const truth = this.truths.get(id)!;
    truth.people.set(user.uid, status);
    const others = truth.users.filter(u => u.uid !== ME.uid).map(u => truth.people.get(u.uid));
    const anyone = others.some(s => s === 'joined' || s === 'ringing');
    this.#news(id);
    if (!truth.mine && !anyone && truth.people.get(ME.uid) === 'ringing') {
      // Everyone else is gone while the call still rings here: the adapter cancels my ring.
      this.callerCancels(truth);
    }
    truth.over ||= !anyone;
  }

  #call(id: string): KitCall {
    const truth = this.truths.get(id)!;
    return {
      ...truth.call,
      participants: truth.users.map(user => ({user, status: truth.people.get(user.uid)!})),
    };
  }

  #news(id: string): void {
    const call = this.#call(id);
    this.truths.get(id)!.sent.push(call);
    this.#later(() => this.#listener?.onParticipantsChanged?.(call));
  }

  #later(task: () => void): void {
    if (!this.silent) {
      setTimeout(task, this.latency);
    }
  }

  /** An SDK action: answered after the latency, refused once when asked, never answered when silent. */
  #answer<T>(name: string, id: string, act: () => T): Promise<T> {
    this.log.push(`${name} ${id}`);
    if (this.silent) {
      return new Promise<T>(() => {});
    }
    const refused = this.refuseNext;
    this.refuseNext = false;
    return new Promise<T>((resolve, reject) =>
      setTimeout(
        () =>
          refused
            ? reject(new KitException(KitErrorCodes.NETWORK, `${name} refused`))
            : resolve(act()),
        this.latency,
      ),
    );
  }
}

/** One sequence: the kit, the adapter, what the kit's sessions did, and the violations. */
class GroupRun {
  readonly violations: string[] = [];
  readonly trace: string[] = [];
  sdk!: StressGroupSdk;
  registry!: KitCallRegistry;
  /** Every session seen, with when it appeared and how it ended. */
  readonly sessions = new Map<
    KitCallSession,
    {since: number; ended?: string; userLeft?: boolean}
  >();
  /** Cancels before any accept, to check that every ring stopped. */
  readonly cancels: {id: string; at: number}[] = [];
  static readonly rows = new Set<string>();

  async setUp(): Promise<void> {
    jest.useFakeTimers();
    _kitObserveCallTransitions((from, event, row) => {
      const cell = ([] as KitCallRow[]).concat(KIT_CALL_TABLE[from][event] ?? []);
      if (row === null || (row !== 'ignored' && !cell.includes(row))) {
        this.violations.push(`table: no row for ${event} in ${from}`);
      } else if (row !== 'ignored') {
        GroupRun.rows.add(`${from} x ${event} -> ${row.to}`);
      }
    });
    TestBed.configureTestingModule({
      providers: [
        provideKitUIKit(
          {
            callsSdk: StressGroupSdk,
            autoRing: false,
            actionTimeout: ACTION_MS,
            closeDelay: OUTCOME_MS,
            overlay: {ringTimeout: RING_MS},
            onError: error => {
              if (!(error instanceof KitException)) {
                this.violations.push(`onError got ${String(error)}`);
              }
            },
          },
          withGroupCalls(),
        ),
        {provide: KitAudioPlayer, useClass: KitFakeAudioPlayer},
      ],
    });
    this.sdk = TestBed.inject(KitCallsSdk) as StressGroupSdk;
    this.registry = TestBed.inject(KitCallRegistry);
    this.registry.listen();
    this.registry.changes.subscribe(() => this.#watch());
  }

  tearDown(): void {
    _kitObserveCallTransitions(null);
    TestBed.resetTestingModule();
    jest.useRealTimers();
  }

  /** Every new session gets a view (so it rings and its ring time-out counts) and is followed to its end. */
  #watch(): void {
    for (const session of this.registry.sessions) {
      if (!this.sessions.has(session)) {
        const seen: {since: number; ended?: string; userLeft?: boolean} = {since: Date.now()};
        this.sessions.set(session, seen);
        session.attach({}, {sound: false});
        session.subscribe((_, facts) => {
          for (const fact of facts) {
            if (fact.type === 'ended') {
              seen.ended = fact.ending.reason;
              this.#checkEnding(session, fact.ending.reason, !!seen.userLeft);
            }
          }
        });
      }
    }
  }

  /** The decline invariant, at the moment a session ends. */
  #checkEnding(session: KitCallSession, reason: string, userLeft: boolean): void {
    const truth = this.sdk.truths.get(session.sessionId);
    const joined = truth?.users.some(u => u.uid !== ME.uid && truth.people.get(u.uid) === 'joined');
    if (truth?.mine && reason === 'cancelled' && !joined) {
      // My cancel before any accept, answered (or given up): every ring must stop.
      this.cancels.push({id: session.sessionId, at: Date.now()});
    }
    if (!truth || userLeft) {
      return;
    }
    const others = truth.users.filter(u => u.uid !== ME.uid).map(u => truth.people.get(u.uid)!);
    const live = others.filter(s => s === 'joined' || s === 'ringing');
    const timedOut = this.sdk.log.includes(`rejectCall unanswered ${session.sessionId}`);
    const outcome =
      ['rejected', 'busy', 'unanswered'].includes(reason) && session.direction === 'outgoing';
    if (outcome && !timedOut && others.some(s => !FINAL.includes(s))) {
      this.violations.push(
        `decline: ${session.sessionId} ended as ${reason} while ${others.join(',')}`,
      );
    }
    if (reason === 'ended' && session.state.connected && live.some(s => s === 'joined')) {
      this.violations.push(`decline: ${session.sessionId} ended while someone is in it: ${others}`);
    }
  }

  pick(index: number): KitCallSession | undefined {
    const live = [...this.sessions.keys()].filter(s => !s.state.done);
    return live[index % Math.max(1, live.length)];
  }

  truthOf(index: number): Truth | undefined {
    const all = [...this.sdk.truths.values()];
    return all[index % Math.max(1, all.length)];
  }

  async play(s: Step): Promise<void> {
    this.trace.push(JSON.stringify(s));
    const truth = s.kind !== 'call' && 'call' in s ? this.truthOf(s.call) : undefined;
    if (s.kind === 'call') {
      const people = PEOPLE.slice(0, s.size - 1);
      // As KitGroupCalls.startCall places it: a draft that carries everyone, then initiateCall.
      const session = this.registry.placeCall(people[0], 'audio');
      if (session instanceof KitCallSession && !session.sessionId) {
        session._set({
          call: {
            ...session.state.call,
            participants: [ME, ...people].map((user, i) => ({
              user,
              status: i ? 'invited' : 'joined',
            })),
            // Two people make a group call only when placed to a group (otherwise a 1:1 call).
            group: s.group || s.size === 2 ? {id: 'team', name: 'Team'} : null,
          },
        });
        void session.start().catch(() => {});
      }
    } else if (s.kind === 'ringMe') {
      this.sdk.ringMe(s.size);
    } else if (s.kind === 'member' && truth) {
      // Anyone but me: on a call to me, the caller too (who may leave).
      const others = truth.users.filter(u => u.uid !== ME.uid);
      this.sdk.member(truth, others[s.who % others.length], s.op);
    } else if (s.kind === 'callerCancels' && truth) {
      this.sdk.callerCancels(truth);
    } else if (s.kind === 'stray' && truth?.mine) {
      this.sdk.deliver('onOutgoingCallRejected', {...truth.call, status: 'rejected'});
    } else if (s.kind === 'stale' && truth?.sent.length) {
      this.sdk.deliver(
        'onParticipantsChanged',
        truth.sent[Math.max(0, truth.sent.length - 2 - s.back)],
      );
    } else if (s.kind === 'user') {
      this.#press(s.op, this.pick(s.call));
    } else if (s.kind === 'refuseNext') {
      this.sdk.refuseNext = true;
    } else if (s.kind === 'latency') {
      this.sdk.latency = s.ms;
    } else if (s.kind === 'wait') {
      await jest.advanceTimersByTimeAsync(s.ms);
    }
    await jest.advanceTimersByTimeAsync(10);
    this.check();
  }

  #press(op: 'hangUp' | 'accept' | 'decline', session?: KitCallSession): void {
    if (!session) {
      return;
    }
    const seen = this.sessions.get(session)!;
    if (op !== 'accept') {
      seen.userLeft = true;
    }
    void session[op]();
  }

  /** The ring and cancel invariants, and the table's (collected as it goes). */
  check(): void {
    const now = Date.now();
    const ringBound = RING_MS + RETRY_MS + 2 * ACTION_MS + this.sdk.latency + SLACK_MS;
    for (const [session, seen] of this.sessions) {
      if (RINGING.includes(session.state.phase) && now - seen.since > ringBound) {
        this.violations.push(
          `ring: ${session.sessionId || session.key} still ${session.state.phase} after ${now - seen.since} ms`,
        );
      }
    }
    for (const {id, at} of this.cancels) {
      const truth = this.sdk.truths.get(id)!;
      const ringing = truth.users.filter(u => truth.people.get(u.uid) === 'ringing');
      if (!this.sdk.silent && now - at > ACTION_MS + SLACK_MS + 400 && ringing.length) {
        this.violations.push(
          `cancel: ${id} cancelled at ${at}, ${ringing.map(u => u.uid)} still ring`,
        );
      }
    }
  }

  /** The far side goes silent: every session leaves in bounded time; a live one once the user hangs up. */
  async liveness(): Promise<void> {
    // Time for the last cancel to stop every ring, before the silence.
    await jest.advanceTimersByTimeAsync(ACTION_MS + SLACK_MS + 400 + this.sdk.latency);
    this.check();
    this.sdk.silent = true;
    const bound = RING_MS + RETRY_MS + 2 * ACTION_MS + OUTCOME_MS + 400 + SLACK_MS;
    await jest.advanceTimersByTimeAsync(bound);
    this.check(); // Nobody rings past ring time-out + action time-out, also in the silence.
    for (const [session] of this.sessions) {
      if (!session.state.done && session.state.phase !== 'ongoing') {
        this.violations.push(
          `liveness: ${session.sessionId} still ${session.state.phase} after ${bound} ms of silence`,
        );
      }
    }
    for (const [session, seen] of this.sessions) {
      if (!session.state.done) {
        seen.userLeft = true;
        void session.hangUp();
      }
    }
    await jest.advanceTimersByTimeAsync(ACTION_MS + OUTCOME_MS + SLACK_MS);
    const left = [...this.sessions.keys()].filter(s => !s.state.done);
    if (left.length) {
      this.violations.push(
        `liveness: ${left.map(s => `${s.sessionId} ${s.state.phase}`)} after the hang-up`,
      );
    }
  }
}

describe('group call flows under random sequences (model-based stress)', () => {
  beforeAll(() => {
    process.stdout.write(
      `[group stress] ${RUNS} sequences of up to ${MAX_STEPS} steps, seed ${SEED} ` +
        `(replay: KIT_GROUP_STRESS_SEED=${SEED} KIT_GROUP_STRESS_RUNS=${RUNS})\n`,
    );
  });

  it(`should keep every group invariant over ${RUNS} random sequences`, async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.array(step, {minLength: 1, maxLength: MAX_STEPS}), async steps => {
        const run = new GroupRun();
        await run.setUp();
        try {
          for (const s of steps) {
            await run.play(s);
            if (run.violations.length) {
              break;
            }
          }
          if (!run.violations.length) {
            await run.liveness();
          }
        } finally {
          run.tearDown();
        }
        if (run.violations.length) {
          throw new Error(`${run.violations.join('\n')}\n${run.trace.join('\n')}`);
        }
      }),
      {numRuns: RUNS, seed: SEED},
    );
    const rows = Object.entries(KIT_CALL_TABLE).flatMap(([from, on]) =>
      Object.entries(on).flatMap(([event, cell]) =>
        ([] as KitCallRow[]).concat(cell ?? []).map(row => `${from} x ${event} -> ${row.to}`),
      ),
    );
    process.stdout.write(
      `[group stress] table rows walked: ${rows.filter(r => GroupRun.rows.has(r)).length} of ${new Set(rows).size}\n` +
        `[group stress] ${RUNS} sequences passed in ${((performance.now() - started) / 1000).toFixed(1)} s, seed ${SEED}\n`,
    );
  }, 3_600_000);
});
