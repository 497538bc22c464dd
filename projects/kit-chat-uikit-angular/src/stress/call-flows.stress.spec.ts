import {OverlayContainer} from '@angular/cdk/overlay';
import {ApplicationRef, Component, signal, viewChild, ɵgetHostElement} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import fc from 'fast-check';
import {Subject} from 'rxjs';
import {KIT_CALL_LISTENER_METHODS} from '../../testing/calls-sdk-conformance-probe';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {withHold} from '../hold/hold-feature';
import {withTransfer} from '../transfer/transfer-feature';
import {KitTransfer} from '../transfer/transfer.service';
import {withCallWaiting} from '../ring/call-features';
import {KitCallEndReason, _kitObserveCallTransitions} from '../session/call-session';
import {KIT_CALL_TABLE, KitCallRow} from '../session/call-session-table';
import {KitCallEventsService} from '../events/call-events';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallOverlayRef} from '../overlay/call-overlay-ref';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallAutoRing} from '../ring/call-auto-ring';
import {KitCallListener, KitPhoneCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {KitInMemoryAction} from 'kit-chat-uikit-angular/in-memory';
import {KitCall, KitCallStatus, KitUser} from '../sdk/models';

/**
 * The vocabulary of the model-based stress test of the call flows: what the far side, the SDK and the user can do.
 * Actions name sessions, screens and past events by an index taken modulo what exists when the step runs, so every
 * generated sequence is valid and fast-check can shrink it freely.
 */

/** The simulated users who call "me" (`uid: 'me'`). `ada` and `bob` sort before `me`, `zed` after: both glare sides. */
const STRESS_USERS: readonly KitUser[] = [
  {uid: 'ada', name: 'Ada Lovelace'},
  {uid: 'bob', name: 'Bob Kahn'},
  {uid: 'zed', name: 'Zed Shaw'},
];

/** A far-side move on an existing session. */
/** Who the user's transfers hand calls to (never one of the stress's callers). */
const TRANSFER_TARGET: KitUser = {uid: 'tina', name: 'Tina Target'};

type StressFarOp = 'cancel' | 'accept' | 'reject' | 'busy' | 'end';

/** A button of a screen. */
type StressButton = 'accept' | 'reject' | 'outgoingEnd' | 'ongoingEnd' | 'waitingDecline';

/** One step of a run. */
type StressAction =
  | {kind: 'ring'; who: number; video: boolean}
  | {kind: 'far'; op: StressFarOp; pick: number}
  | {kind: 'link'; lost: boolean; pick: number}
  | {kind: 'hold'; by: 'me' | 'far'; on: boolean; pick: number}
  | {kind: 'transfer'; by: 'me' | 'answer'; ok: boolean; pick: number}
  | {kind: 'consult'; by: 'me' | 'complete' | 'farEnds'; pick: number}
  | {kind: 'replay'; pick: number}
  | {kind: 'unknown'; method: keyof KitCallListener; id: number}
  | {kind: 'fail'; action: KitInMemoryAction}
  | {kind: 'latency'; ms: number}
  | {kind: 'click'; button: StressButton; times: 1 | 2; pick: number}
  | {kind: 'acceptAndReject'; rejectFirst: boolean; pick: number}
  | {kind: 'start'; who: number; video: boolean}
  | {kind: 'destroy'; pick: number}
  | {kind: 'wait'; ms: number | 'ringTimeout'}
  | {kind: 'sdkFault'; method: StressSdkMethod; fault: StressSdkFault}
  | {kind: 'garbage'; method: keyof KitCallListener; shape: StressGarbage}
  | {kind: 'refusePlay'; refuse: boolean};

/** An SDK action that can be made to misbehave once. */
type StressSdkMethod = 'initiateCall' | 'acceptCall' | 'rejectCall' | 'endCall';
/**
 * How it misbehaves: never answers, throws synchronously, rejects with an odd value, or (initiateCall only)
 * resolves with a call that has no session id, so the kit never learns which call it placed.
 */
type StressSdkFault =
  'hang' | 'throw' | 'rejectUndefined' | 'rejectString' | 'rejectObject' | 'noSessionId';
/** A payload no SDK should send: null, empty, without parties, or a call for somebody else. */
type StressGarbage = 'null' | 'empty' | 'noParties' | 'foreign';

/** Options of one run. */
interface StressRunConfig {
  /** Whether the kit rings by itself (overlay), or a `<kit-incoming-call>` placed in the page shows the calls. */
  layout: boolean;
  busyPolicy: 'busy' | 'wait';
  /** Ring timeout of the overlay, in ms. */
  ringTimeout: number;
  /** Latency of the switchboard at the start, in ms. */
  latency: number;
  /** How the run ends: every overlay closed, or the whole app destroyed with calls still open. */
  ending: 'closeAll' | 'destroyApp';
  /**
   * Whether the far side falls silent after the steps (every SDK action from then on hangs, no move comes), and
   * every call must then leave the screen in bounded time: the liveness check, before the ending.
   */
  silence: boolean;
}

const pick = fc.nat({max: 7});
const who = fc.nat({max: STRESS_USERS.length - 1});

/** One step, weighted towards the moves that make races. */
const stressAction: fc.Arbitrary<StressAction> = fc.oneof(
  {weight: 4, arbitrary: fc.record({kind: fc.constant('ring' as const), who, video: fc.boolean()})},
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('far' as const),
      op: fc.constantFrom<StressFarOp>('cancel', 'accept', 'reject', 'busy', 'end'),
      pick,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({kind: fc.constant('link' as const), lost: fc.boolean(), pick}),
  },
  {
    weight: 2,
    arbitrary: fc.record({kind: fc.constant('replay' as const), pick: fc.nat({max: 31})}),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('unknown' as const),
      method: fc.constantFrom(...KIT_CALL_LISTENER_METHODS),
      id: fc.nat({max: 2}),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fail' as const),
      action: fc.constantFrom<KitInMemoryAction>(
        'initiate',
        'accept',
        'reject',
        'end',
        'hold',
        'unhold',
        'transfer',
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({kind: fc.constant('latency' as const), ms: fc.constantFrom(0, 30, 300)}),
  },
  {
    // withTransfer(): the user hands an ongoing call to someone (held first), or the SDK answers a transfer on its
    // way (the person answered, and the SDK ended the call; or they declined).
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      by: fc.constantFrom<'me' | 'answer'>('me', 'answer'),
      ok: fc.boolean(),
      pick,
    }),
  },
  {
    // withTransfer(), attended: the user calls Tina first from an ongoing call (held meanwhile; the far side
    // answers, declines or ends that call by the 'far' steps), presses "Complete transfer" on it (answered by a
    // 'transfer' step), or the held call's far side hangs up while the user consults.
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('consult' as const),
      by: fc.constantFrom<'me' | 'complete' | 'farEnds'>('me', 'complete', 'farEnds'),
      pick,
    }),
  },
  {
    // withHold(): the user presses Hold (or Resume) on an ongoing screen, or the far side holds or resumes.
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      by: fc.constantFrom<'me' | 'far'>('me', 'far'),
      on: fc.boolean(),
      pick,
    }),
  },
  {
    weight: 7,
    arbitrary: fc.record({
      kind: fc.constant('click' as const),
      button: fc.constantFrom<StressButton>(
        'accept',
        'reject',
        'outgoingEnd',
        'ongoingEnd',
        'waitingDecline',
      ),
      times: fc.constantFrom<1 | 2>(1, 2),
      pick,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('acceptAndReject' as const),
      rejectFirst: fc.boolean(),
      pick,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({kind: fc.constant('start' as const), who, video: fc.boolean()}),
  },
  {weight: 1, arbitrary: fc.record({kind: fc.constant('destroy' as const), pick})},
  {
    weight: 2,
    arbitrary: fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('sdkFault' as const),
          method: fc.constantFrom<StressSdkMethod>(
            'initiateCall',
            'acceptCall',
            'rejectCall',
            'endCall',
          ),
          fault: fc.constantFrom<StressSdkFault>(
            'hang',
            'throw',
            'rejectUndefined',
            'rejectString',
            'rejectObject',
          ),
        }),
      },
      {
        // Only initiateCall answers with a session id that the kit needs.
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('sdkFault' as const),
          method: fc.constant<StressSdkMethod>('initiateCall'),
          fault: fc.constant<StressSdkFault>('noSessionId'),
        }),
      },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('garbage' as const),
      method: fc.constantFrom(...KIT_CALL_LISTENER_METHODS),
      shape: fc.constantFrom<StressGarbage>('null', 'empty', 'noParties', 'foreign'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({kind: fc.constant('refusePlay' as const), refuse: fc.boolean()}),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.constantFrom<number | 'ringTimeout'>(0, 10, 100, 400, 2500, 'ringTimeout'),
    }),
  },
);

/**
 * One step: an action, then either a rest (the app renders: change detection and effects run) or none (the next
 * action comes before the screens rendered, as when SDK events arrive back to back or a background tab resumes).
 */
interface StressStep {
  action: StressAction;
  rest: boolean;
}

/** A step, mostly followed by a rest. */
const stressStep: fc.Arbitrary<StressStep> = fc.record({
  action: stressAction,
  rest: fc.constantFrom(true, true, true, false),
});

/** Options of one run. */
const stressRunConfig: fc.Arbitrary<StressRunConfig> = fc.record({
  layout: fc.constantFrom(false, false, false, true),
  busyPolicy: fc.constantFrom<'busy' | 'wait'>('busy', 'wait'),
  ringTimeout: fc.constantFrom(3_000, 45_000),
  latency: fc.constantFrom(0, 0, 30, 300),
  ending: fc.constantFrom<'closeAll' | 'destroyApp'>('closeAll', 'closeAll', 'destroyApp'),
  silence: fc.boolean(),
});

/*
 * Model-based stress test of the call flows: random sequences of far-side moves, SDK events (duplicate, late, for
 * unknown sessions), injected faults, latency changes, user clicks and closed overlays, against the real screens,
 * overlay and ringer on the in-memory SDK. The invariants are checked after every step and at the end of each run.
 *
 * How many sequences run depends on where. The known examples below count among them and run first. Times
 * measured here in CPU time (the wall time was 3 to 4 times longer with the 2 cores shared by other jobs):
 *   `npm test`              200 sequences of up to 12 steps, about 10 s, so that the whole suite stays quick;
 *   `npm test` with CI=true 300 sequences of up to 12 steps, about 25 s alone (CI runs it beside its other runners:
 *                           the long runs below are what each change of the table is checked with);
 *   `npm run test:stress`   the long run (KIT_STRESS=long): 10,000 sequences of up to 16 steps, about 6 minutes
 *                           (2,000 took 68 s and 3,000 took 102 s), where the rarer counterexamples were found
 *                           (R, S and W came from runs of that size).
 *
 *   KIT_STRESS_RUNS  number of sequences (overrides the defaults above)
 *   KIT_STRESS_SEED  seed to replay a run (printed at the start)
 *   KIT_STRESS_STEPS longest sequence (overrides the defaults above)
 *   KIT_STRESS_DEBUG print the stack of an error thrown out of a run
 */
const LONG = process.env['KIT_STRESS'] === 'long';
// Any non-empty CI other than "false" counts, as most CI services set CI=true or CI=1.
const IN_CI = !!process.env['CI'] && process.env['CI'] !== 'false';
const RUNS = Number(process.env['KIT_STRESS_RUNS'] || (LONG ? 10_000 : IN_CI ? 300 : 200));
const MAX_STEPS = Number(process.env['KIT_STRESS_STEPS'] || (LONG ? 16 : 12));
const SEED = process.env['KIT_STRESS_SEED']
  ? Number(process.env['KIT_STRESS_SEED'])
  : (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;

/** Time the screens get to react to an event: the switchboard's latency plus this. */
const SLACK_MS = 100;
/** The SDK actions' time-out in these runs (15 s by default): a hanging action gives up within a run. */
const ACTION_TIMEOUT_MS = 2_000;
/** The in-memory switchboard answers busy this long after the call was registered. */
const BUSY_ANSWER_MS = 100;
/** The phases of a decision in flight: none may outlive its action time-out. */
const PENDING_PHASES: readonly string[] = ['accepting', 'declining', 'cancelling', 'ending'];

/**
 * A page that places the screens itself (`autoRing: false`): the incoming screen shows the next call that rings,
 * with an accept handler that runs the built-in accept through `getViewModel()`, and hands the call over to an
 * ongoing screen in the page.
 */
@Component({
  imports: [KitIncomingCallComponent, KitOngoingCallComponent],
  template: `
    <kit-incoming-call [onAcceptClick]="acceptThroughViewModel" (accepted)="ongoing.set($event)" />
    @if (ongoing(); as call) {
      <kit-ongoing-call [call]="call" (closed)="ongoing.set(null)" />
    }
  `,
})
class StressLayout {
  readonly ongoing = signal<KitCall | null>(null);
  private readonly incoming = viewChild.required(KitIncomingCallComponent);
  readonly acceptThroughViewModel = () => {
    const viewModel = this.incoming().getViewModel();
    const call = viewModel.call();
    if (call) {
      void viewModel.acceptCall(call);
    }
  };
}
/** How long the outgoing screen shows an outcome (declined, busy) before it closes: its `closeDelay`. */
const OUTCOME_MS = 2_000;
const TERMINAL: readonly KitCallStatus[] = ['rejected', 'cancelled', 'busy', 'unanswered', 'ended'];

type Group = 'answer' | 'end';

interface SdkEntry {
  method: 'initiateCall' | 'acceptCall' | 'rejectCall' | 'endCall';
  sessionId: string;
  status?: KitCallStatus;
  step: number;
  state: 'pending' | 'ok' | 'failed' | 'hung';
}

interface ScreenInfo {
  ref: KitCallOverlayRef;
  sessionId: string;
  direction: 'incoming' | 'outgoing';
  reachedOngoing: boolean;
  /** Why the overlay closed, once it did. */
  reason: KitCallEndReason | null;
  /** When the overlay opened, and when it closed (the test's clock). */
  openedAt: number;
  closedAt: number | null;
  /** Reasons given to `ref.close()`: by the test's "destroy", or by the ringer (glare). */
  closedFromOutside: KitCallEndReason[];
  dismissedByUser: boolean;
}

interface Decisions {
  answer: number;
  end: number;
  waitingDecline: number;
}

/** One run: a fresh app, its observers, and the invariants. */
class StressRun {
  readonly trace: string[] = [];
  readonly violations: string[] = [];
  private step = -1;
  private calls!: KitCallsTestingController;
  private overlay!: KitCallOverlay;
  private events!: KitCallEventsService;
  private container!: HTMLElement;
  private deliver!: (method: keyof KitCallListener, call: KitCall) => void;
  private readonly sdkLog: SdkEntry[] = [];
  private readonly history: {method: keyof KitCallListener; call: KitCall}[] = [];
  private readonly screens: ScreenInfo[] = [];
  /** The user's presses, by screen (an outgoing call has no session id yet when it is pressed) or banner. */
  private readonly decisions = new Map<KitCallOverlayRef | string, Decisions>();
  private readonly published = new Map<string, Record<string, number>>();
  private readonly liveListeners = new Set<string>();
  private readonly terminalSince = new Map<string, number>();
  private readonly liveSince = new Map<string, number>();
  private readonly answeredElsewhere = new Set<string>();
  /** Calls whose connection the network dropped: the kit may end one itself once its reconnect bound expires. */
  private readonly dropped = new Set<string>();
  /** Calls a transfer handed over: the adapter ends them itself, as the port says. */
  private readonly handedOver = new Set<string>();
  private readonly consoleErrors: string[] = [];
  /** Transitions the sessions made that are not a row of the table (nor a written-down ignore). */
  private readonly tableMisses: string[] = [];
  private maxLatency = 0;
  /** The transfers on their way in the user's SDK: each answered once by a 'transfer' step. */
  private readonly transfers: ((ok: boolean) => void)[] = [];
  private baselineListeners = 0;
  private bannersAloneSince: number | null = null;
  private sdkFault: {method: StressSdkMethod; fault: StressSdkFault} | null = null;
  /** Whether the far side is silent: every SDK action hangs (see `checkLiveness`). */
  private silent = false;
  private playRefused = false;
  private layout: ComponentFixture<StressLayout> | null = null;
  private readonly pendingSince = new Map<object, {phase: string; since: number}>();

  constructor(
    readonly config: StressRunConfig,
    private readonly unhandled: unknown[],
  ) {}

  async setUp(): Promise<void> {
    jest.useFakeTimers();
    _kitObserveCallTransitions((from, event, row) => {
      const cell = ([] as KitCallRow[]).concat(KIT_CALL_TABLE[from][event] ?? []);
      if (row === null || (row !== 'ignored' && !cell.includes(row))) {
        this.tableMisses.push(`${event} in ${from}`);
      } else if (row !== 'ignored') {
        TABLE_ROWS_VISITED.add(`${from} x ${event} -> ${row.to}`);
      }
    });
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      this.consoleErrors.push(args.map(arg => String(arg)).join(' '));
    });
    this.maxLatency = this.config.latency;
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          latency: this.config.latency,
          features: [
            withHold(),
            withTransfer(),
            ...(this.config.busyPolicy === 'wait' ? [withCallWaiting()] : []),
          ],
          config: {
            autoRing: !this.config.layout,
            actionTimeout: ACTION_TIMEOUT_MS,
            // The production default, which testing turns off: endings stay on screen for a moment.
            closeDelay: OUTCOME_MS,
            overlay: {ringTimeout: this.config.ringTimeout},
            // Errors of the flows that run by themselves are reported here on purpose: not thrown. Only
            // KitExceptions may ever reach it.
            onError: error => {
              if (!(error instanceof KitException)) {
                this.violate(`onError received a ${Object.prototype.toString.call(error)}`);
              }
            },
          },
        }),
      ],
    });
    this.calls = TestBed.inject(KitCallsTestingController);
    // The user's SDK holds (withHold()): an ongoing call, unless a fault injected with failNext refuses it.
    const phone = this.calls.sdk as unknown as KitPhoneCallsSdk;
    const holding = (action: 'hold' | 'unhold') => async (sessionId: string) => {
      const live = this.calls.switchboard.getCall(sessionId)?.status === 'ongoing';
      const error = live
        ? this.calls.farSide._fault(action)
        : new KitException(KitErrorCodes.CALL_ENDED, `${sessionId} is not ongoing`);
      if (error) {
        throw error;
      }
    };
    phone.hold = holding('hold');
    phone.unhold = holding('unhold');
    // The user's SDK hands a call over (withTransfer()): refused at once by an injected fault, else on its way until
    // a 'transfer' step answers it (the person answered: the SDK ends the call, as an adapter does; or declined).
    (phone as {attendedTransfer: boolean}).attendedTransfer = true;
    phone.transfer = (sessionId, _to, consultation) => {
      const live = this.calls.switchboard.getCall(sessionId)?.status === 'ongoing';
      const error = live
        ? this.calls.farSide._fault('transfer')
        : new KitException(KitErrorCodes.CALL_ENDED, `${sessionId} is not ongoing`);
      return error
        ? Promise.reject(error)
        : new Promise<void>((resolve, reject) =>
            this.transfers.push(ok => {
              if (!ok) {
                reject(new KitException(KitErrorCodes.CALL_FAILED, 'Tina declined'));
                return;
              }
              // As the port says: resolved, then the adapter ends the call handed over, and (attended) Tina's
              // phone ends the call she had with the user.
              resolve();
              this.handedOver.add(sessionId);
              void this.calls.sdk.endCall(sessionId).catch(() => {});
              if (consultation) {
                void this.calls.farSide.end(consultation).catch(() => {});
              }
            }),
          );
    };
    TestBed.inject(KitTransfer).people.set([TRANSFER_TARGET]);
    this.overlay = TestBed.inject(KitCallOverlay);
    this.events = TestBed.inject(KitCallEventsService);
    this.container = TestBed.inject(OverlayContainer).getContainerElement();
    this.observeEvents();
    this.observeSdk(this.calls.sdk);
    this.observeOverlay();
    if (this.config.layout) {
      this.layout = TestBed.createComponent(StressLayout);
    }
    await this.flush();
    this.baselineListeners = this.calls.sdk.listenerCount; // The call registry's, the kit's only one.
  }

  async tearDown(): Promise<void> {
    _kitObserveCallTransitions(null);
    try {
      TestBed.resetTestingModule();
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  }

  // ---- Observers ----

  private observeEvents(): void {
    const count = (name: string) => (call: KitCall) => {
      const counts = this.published.get(call.sessionId) ?? {};
      counts[name] = (counts[name] ?? 0) + 1;
      this.published.set(call.sessionId, counts);
    };
    this.events.ccCallAccepted.subscribe(count('accepted'));
    this.events.ccCallRejected.subscribe(count('rejected'));
    this.events.ccCallEnded.subscribe(count('ended'));
    this.events.ccOutgoingCall.subscribe(count('outgoing'));
  }

  private observeSdk(sdk: KitInMemoryCallsSdk): void {
    const deliver = sdk._deliver.bind(sdk);
    this.deliver = deliver;
    sdk._deliver = (method, call) => {
      this.history.push({method, call: {...call}});
      deliver(method, call);
    };
    const add = sdk.addCallListener.bind(sdk);
    const remove = sdk.removeCallListener.bind(sdk);
    sdk.addCallListener = (id, listener) => {
      this.liveListeners.add(id);
      add(id, listener);
    };
    sdk.removeCallListener = id => {
      this.liveListeners.delete(id);
      remove(id);
    };
    for (const method of ['initiateCall', 'acceptCall', 'rejectCall', 'endCall'] as const) {
      const original = (sdk[method] as (...args: unknown[]) => Promise<unknown>).bind(sdk);
      (sdk as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const entry: SdkEntry = {
          method,
          sessionId: method === 'initiateCall' ? '' : String(args[0]),
          status: args[1] as KitCallStatus | undefined,
          step: this.step,
          state: 'pending',
        };
        if (method !== 'initiateCall') {
          this.checkSdkAction(entry);
        }
        this.sdkLog.push(entry);
        if (this.silent) {
          entry.state = 'hung';
          return new Promise(() => {});
        }
        const fault = this.sdkFault?.method === method ? this.sdkFault.fault : null;
        if (fault) {
          this.sdkFault = null;
          entry.state = fault === 'hang' ? 'hung' : 'failed';
          switch (fault) {
            case 'hang':
              return new Promise(() => {});
            case 'throw':
              throw new TypeError(`${method} is not a function (injected)`);
            case 'rejectUndefined':
              return Promise.reject(undefined);
            case 'rejectString':
              return Promise.reject('offline');
            case 'rejectObject':
              return Promise.reject({status: 503});
            case 'noSessionId': {
              // The far side never hears of this call: nothing rings there, and nothing will answer it.
              entry.state = 'ok';
              const call = {...(args[0] as KitCall)} as Partial<KitCall>;
              delete call.sessionId;
              return Promise.resolve(call);
            }
          }
        }
        const result = original(...args);
        result.then(
          () => (entry.state = 'ok'),
          () => (entry.state = 'failed'),
        );
        return result;
      };
    }
  }

  private observeOverlay(): void {
    // Every overlay opens through `_openSession`: the auto ring, `startCall` and `open*Call`.
    const open = this.overlay._openSession.bind(this.overlay);
    this.overlay._openSession = (...args: Parameters<KitCallOverlay['_openSession']>) => {
      const ref = open(...args);
      if (this.screens.some(info => info.ref === ref)) {
        return ref;
      }
      const info: ScreenInfo = {
        ref,
        // An outgoing call gets its session id once initiateCall answered.
        get sessionId() {
          return ref.call().sessionId || (ref._session?.sessionId ?? '');
        },
        direction: ref.direction,
        reachedOngoing: false,
        reason: null,
        openedAt: Date.now(),
        closedAt: null,
        closedFromOutside: [],
        dismissedByUser: false,
      };
      this.screens.push(info);
      const close = ref.close.bind(ref);
      ref.close = (reason?: KitCallEndReason) => {
        info.closedFromOutside.push(reason ?? 'dismissed');
        close(reason);
      };
      ref.stageChanges().subscribe(stage => {
        if (stage === 'ongoing') {
          info.reachedOngoing = true;
        }
      });
      ref.afterClosed().subscribe(reason => {
        info.reason = reason;
        info.closedAt = Date.now();
      });
      return ref;
    };
  }

  // ---- Invariant: at most one SDK action per user decision ----

  private decisionsFor(key: KitCallOverlayRef | string): Decisions {
    let decisions = this.decisions.get(key);
    if (!decisions) {
      decisions = {answer: 0, end: 0, waitingDecline: 0};
      this.decisions.set(key, decisions);
    }
    return decisions;
  }

  /** The presses of every screen and banner that showed a session. */
  private decisionsOf(sessionId: string): Decisions {
    const sum: Decisions = {answer: 0, end: 0, waitingDecline: 0};
    for (const [key, decisions] of this.decisions) {
      const id = typeof key === 'string' ? key : key.call().sessionId || key._session?.sessionId;
      if (id === sessionId) {
        sum.answer += decisions.answer;
        sum.end += decisions.end;
        sum.waitingDecline += decisions.waitingDecline;
      }
    }
    return sum;
  }

  private checkSdkAction(entry: SdkEntry): void {
    const group: Group = entry.method === 'endCall' ? 'end' : 'answer';
    const same = this.sdkLog.filter(
      other =>
        other.sessionId === entry.sessionId &&
        other.method !== 'initiateCall' &&
        (other.method === 'endCall' ? 'end' : 'answer') === group,
    );
    const describe = (e: SdkEntry) => `${e.method}(${e.status ?? ''}) of step ${e.step}`;
    // The user's decline may supersede the user's accept in flight (the last decision wins, as on a phone).
    const declineOverAccept = (earlier: SdkEntry) =>
      earlier.method === 'acceptCall' &&
      entry.method === 'rejectCall' &&
      entry.status === 'rejected';
    const pending = same.find(other => other.state === 'pending' && !declineOverAccept(other));
    if (pending) {
      this.violate(
        `two SDK ${group} actions in flight for ${entry.sessionId}: ${describe(pending)}, then ${describe(entry)}`,
      );
    }
    const done = same.find(other => other.state === 'ok' && !declineOverAccept(other));
    if (done) {
      this.violate(
        `SDK ${group} action after a successful one for ${entry.sessionId}: ${describe(done)}, then ${describe(entry)}`,
      );
    }
    const decisions = this.decisionsOf(entry.sessionId);
    const count = (predicate: (e: SdkEntry) => boolean) =>
      [...this.sdkLog, entry].filter(e => e.sessionId === entry.sessionId && predicate(e)).length;
    const userAnswers = count(
      e => e.method === 'acceptCall' || (e.method === 'rejectCall' && e.status === 'rejected'),
    );
    if (userAnswers > decisions.answer + decisions.waitingDecline) {
      this.violate(
        `${userAnswers} accept/reject calls for ${entry.sessionId} after ${decisions.answer + decisions.waitingDecline} user decisions`,
      );
    }
    const cancels = count(e => e.method === 'rejectCall' && e.status === 'cancelled');
    if (cancels > decisions.end + 1) {
      this.violate(`${cancels} cancel calls for ${entry.sessionId} after ${decisions.end} presses`);
    }
    // A decline that crossed an accept which landed ends the call: one endCall more than the end presses.
    const crossed =
      count(e => e.method === 'acceptCall') &&
      count(e => e.method === 'rejectCall' && e.status === 'rejected')
        ? 1
        : 0;
    // A call whose connection stayed away past the reconnect bound is ended by the kit: one endCall more.
    const lost = this.dropped.has(entry.sessionId) ? 1 : 0;
    // A call handed over (a transfer the SDK answered) is ended by the adapter itself: one endCall more.
    const handed = this.handedOver.has(entry.sessionId) ? 1 : 0;
    const ends = count(e => e.method === 'endCall');
    if (ends > decisions.end + crossed + lost + handed) {
      this.violate(`${ends} endCall calls for ${entry.sessionId} after ${decisions.end} presses`);
    }
    for (const status of ['busy', 'unanswered'] as const) {
      // A time-out or busy answer that failed or never answered is tried again; one that stands is not.
      const n = count(
        e =>
          e.method === 'rejectCall' &&
          e.status === status &&
          (e === entry || e.state === 'ok' || e.state === 'pending'),
      );
      if (n > 1) {
        this.violate(`${n} rejectCall(${status}) for ${entry.sessionId}`);
      }
    }
  }

  // ---- Steps ----

  async run(steps: StressStep[]): Promise<void> {
    for (const [index, {action, rest}] of steps.entries()) {
      this.step = index;
      this.trace.push(`${index}: ${JSON.stringify(action)}${rest ? '' : ' (no rest)'}`);
      await this.apply(action);
      await this.flush(rest);
      this.checkStep(rest);
      if (this.violations.length) {
        return;
      }
    }
    this.step = steps.length;
    await this.flush(true);
    this.checkStep(true);
    if (this.violations.length) {
      return;
    }
    this.checkPublishedOnce();
    if (this.violations.length) {
      return;
    }
    if (this.config.silence) {
      await this.checkLiveness();
      if (this.violations.length) {
        return;
      }
    }
    await (this.config.ending === 'closeAll' ? this.closeAll() : this.destroyApp());
  }

  private async apply(action: StressAction): Promise<void> {
    const {calls} = this;
    const quiet = (promise: Promise<unknown>) => promise.catch(() => {});
    switch (action.kind) {
      case 'ring':
        void quiet(
          calls.farSide.ring(STRESS_USERS[action.who], calls.me, action.video ? 'video' : 'audio'),
        );
        break;
      case 'link': {
        // The network drops or restores an ongoing call's connection ("Reconnecting…").
        const live = calls.switchboard.calls().filter(call => call.status === 'ongoing');
        const call = live[action.pick % Math.max(1, live.length)];
        if (call) {
          calls.farSide[action.lost ? 'dropConnection' : 'restoreConnection'](call.sessionId);
          if (action.lost) {
            this.dropped.add(call.sessionId);
          }
        }
        break;
      }
      case 'transfer': {
        const live = calls.switchboard.calls().filter(call => call.status === 'ongoing');
        const call = live[action.pick % Math.max(1, live.length)];
        if (action.by === 'me') {
          if (call) {
            void TestBed.inject(KitTransfer).transfer(call.sessionId, TRANSFER_TARGET);
          }
        } else if (this.transfers.length) {
          this.transfers.splice(action.pick % this.transfers.length, 1)[0](action.ok);
        }
        break;
      }
      case 'consult': {
        const transfer = TestBed.inject(KitTransfer);
        const links = [...transfer._consultations()];
        const link = links[action.pick % Math.max(1, links.length)];
        if (action.by === 'me') {
          const live = calls.switchboard.calls().filter(call => call.status === 'ongoing');
          const call = live[action.pick % Math.max(1, live.length)];
          if (call) {
            void transfer.consult(call.sessionId, TRANSFER_TARGET);
          }
        } else if (action.by === 'complete') {
          // The button of a consultation's screen, or (before it connected) the service, which refuses.
          const button = this.screenWith(
            '.kit-transfer-complete',
            action.pick,
          )?.host.querySelector<HTMLElement>('.kit-transfer-complete');
          if (button) {
            button.click();
          } else if (link) {
            void transfer.complete(link[0].sessionId);
          }
        } else if (link && !link[1].held.isEnded) {
          void quiet(calls.farSide.end(link[1].held.sessionId));
        }
        break;
      }
      case 'hold': {
        // The user's hold button toggles (a refusal injected by 'fail' leaves the call as it was), or the far side
        // holds or resumes an ongoing call.
        if (action.by === 'me') {
          this.screenWith('.kit-hold-toggle', action.pick)
            ?.host.querySelector<HTMLElement>('.kit-hold-toggle')
            ?.click();
        } else {
          const live = calls.switchboard.calls().filter(call => call.status === 'ongoing');
          const call = live[action.pick % Math.max(1, live.length)];
          if (call) {
            calls.farSide.hold(call.sessionId, action.on);
          }
        }
        break;
      }
      case 'far': {
        // The far side is the other party: it cancels only calls to me, and answers or hangs up any call.
        const sessions = calls.switchboard
          .calls()
          .filter(call => action.op !== 'cancel' || call.receiver.uid === calls.me.uid);
        const call = sessions[action.pick % Math.max(1, sessions.length)];
        if (call) {
          const id = call.sessionId;
          const move = calls.farSide[action.op].bind(calls.farSide)(id);
          if (call.receiver.uid === calls.me.uid && action.op !== 'cancel' && action.op !== 'end') {
            // Answered for "me" by someone else than this device: the screen must close as answered elsewhere.
            move.then(
              () => this.answeredElsewhere.add(id),
              () => {},
            );
          }
          void quiet(move);
        }
        break;
      }
      case 'replay': {
        const past = this.history[action.pick % Math.max(1, this.history.length)];
        if (past) {
          this.deliver(past.method, past.call);
        }
        break;
      }
      case 'unknown': {
        const caller = STRESS_USERS[0];
        const status: Record<keyof KitCallListener, KitCallStatus> = {
          onIncomingCallReceived: 'initiated',
          onIncomingCallCancelled: 'cancelled',
          onOutgoingCallRinging: 'initiated',
          onOutgoingCallAccepted: 'ongoing',
          onOutgoingCallRejected: 'rejected',
          onCallEnded: 'ended',
          onCallReconnecting: 'ongoing',
          onCallReconnected: 'ongoing',
          onCallHeld: 'ongoing',
          onCallResumed: 'ongoing',
          onParticipantsChanged: 'ongoing',
          onCallTransferred: 'initiated',
        };
        this.deliver(action.method, {
          sessionId: `unknown-${action.id}`,
          type: 'audio',
          sender: caller,
          callInitiator: caller,
          receiver: calls.me,
          callReceiver: calls.me,
          status: status[action.method],
        });
        break;
      }
      case 'fail':
        calls.farSide.failNext(action.action);
        break;
      case 'latency':
        calls.farSide.setLatency(action.ms);
        this.maxLatency = Math.max(this.maxLatency, action.ms);
        break;
      case 'click':
        this.click(action.button, action.times, action.pick);
        break;
      case 'acceptAndReject': {
        const screen = this.screenWith('.kit-incoming-call-accept-button', action.pick);
        if (screen) {
          this.decisionsFor(screen.info.ref).answer++; // In the same tick: the first press wins.
          const accept = screen.host.querySelector<HTMLElement>('.kit-incoming-call-accept-button');
          const reject = screen.host.querySelector<HTMLElement>('.kit-incoming-call-reject-button');
          const buttons = action.rejectFirst ? [reject, accept] : [accept, reject];
          buttons.forEach(button => button?.click());
        }
        break;
      }
      case 'start': {
        void quiet(
          this.overlay.startCall(STRESS_USERS[action.who], action.video ? 'video' : 'audio'),
        );
        break;
      }
      case 'destroy': {
        const open = this.screens.filter(info => info.reason === null);
        const info = open[action.pick % Math.max(1, open.length)];
        if (info) {
          info.dismissedByUser = true;
          info.ref.close();
        }
        break;
      }
      case 'wait':
        await jest.advanceTimersByTimeAsync(
          action.ms === 'ringTimeout' ? this.config.ringTimeout + 1 : action.ms,
        );
        break;
      case 'sdkFault':
        this.sdkFault = {method: action.method, fault: action.fault};
        break;
      case 'garbage':
        this.deliverGarbage(action.method, action.shape);
        break;
      case 'refusePlay':
        this.playRefused ||= action.refuse;
        calls.audio.refusePlay(action.refuse ? 'NotAllowedError' : null);
        break;
    }
  }

  /** A payload no SDK should send: nothing may be thrown back into the SDK's dispatch. */
  private deliverGarbage(method: keyof KitCallListener, shape: StressGarbage): void {
    const me = this.calls.me;
    const stranger = {uid: 'stranger', name: 'Stranger'};
    const payloads: Record<StressGarbage, unknown> = {
      null: null,
      empty: {},
      noParties: {sessionId: 'garbage-1', type: 'audio', status: 'initiated'},
      foreign: {
        sessionId: 'garbage-2',
        type: 'audio',
        sender: STRESS_USERS[0],
        callInitiator: STRESS_USERS[0],
        receiver: stranger,
        callReceiver: stranger,
      },
    };
    void me;
    try {
      this.deliver(method, payloads[shape] as KitCall);
    } catch (error) {
      this.violate(`${method}(${shape}) threw into the SDK: ${String(error)}`);
    }
  }

  private click(button: StressButton, times: number, pick: number): void {
    if (button === 'waitingDecline') {
      const banners = [...this.waitingBanners()];
      const [sessionId, banner] = banners[pick % Math.max(1, banners.length)] ?? [];
      const element = banner?.querySelector<HTMLElement>('.kit-call-waiting-decline');
      if (sessionId && element) {
        this.decisionsFor(sessionId).waitingDecline++;
        for (let i = 0; i < times; i++) {
          element.click();
        }
      }
      return;
    }
    const selector = {
      accept: '.kit-incoming-call-accept-button',
      reject: '.kit-incoming-call-reject-button',
      outgoingEnd: '.kit-outgoing-call-end-call-button',
      ongoingEnd: '.kit-ongoing-call-end-call-button',
    }[button];
    const screen = this.screenWith(selector, pick);
    if (!screen) {
      this.clickInLayout(button, selector, times);
      return;
    }
    const decisions = this.decisionsFor(screen.info.ref);
    if (button === 'accept' || button === 'reject') {
      decisions.answer++;
    } else {
      decisions.end++;
    }
    const element = screen.host.querySelector<HTMLElement>(selector)!;
    for (let i = 0; i < times; i++) {
      element.click(); // A double click: both presses in the same tick.
    }
  }

  /** The screens the page placed itself: presses counted by the session id they show. */
  private clickInLayout(button: StressButton, selector: string, times: number): void {
    const host = this.layout?.nativeElement as HTMLElement | undefined;
    const element = host?.querySelector<HTMLElement>(selector);
    if (!host || !element) {
      return;
    }
    const sessionId =
      button === 'ongoingEnd'
        ? (this.layout!.componentInstance.ongoing()?.sessionId ?? '')
        : (this.layoutIncoming()?.getViewModel().call()?.sessionId ?? '');
    const decisions = this.decisionsFor(sessionId);
    if (button === 'accept' || button === 'reject') {
      decisions.answer++;
    } else {
      decisions.end++;
    }
    for (let i = 0; i < times; i++) {
      element.click();
    }
  }

  private layoutIncoming(): KitIncomingCallComponent | null {
    return this.layout?.debugElement.query(
      debug => debug.componentInstance instanceof KitIncomingCallComponent,
    )?.componentInstance as KitIncomingCallComponent | null;
  }

  /** An open screen that shows the given button, and its host element. */
  private screenWith(selector: string, pick: number): {info: ScreenInfo; host: HTMLElement} | null {
    const found = this.screens
      .filter(info => info.reason === null)
      .map(info => ({info, host: this.hostOf(info)}))
      .filter(
        (screen): screen is {info: ScreenInfo; host: HTMLElement} =>
          !!screen.host?.querySelector(selector),
      );
    return found[pick % Math.max(1, found.length)] ?? null;
  }

  private hostOf(info: ScreenInfo): HTMLElement | null {
    const instance = info.ref.componentInstance;
    if (instance instanceof KitIncomingCallComponent) {
      return instance.getBinding().root;
    }
    // The screen's host element, by Angular's own debugging lookup (no field of the screen's is read).
    return instance ? (ɵgetHostElement(instance) as HTMLElement) : null;
  }

  /** The banners shown (rendered), by the session each says it shows. */
  private waitingBanners(): Map<string, HTMLElement> {
    return new Map(
      [...document.querySelectorAll<HTMLElement>('.kit-call-waiting[data-kit-session]')].map(
        banner => [banner.dataset['kitSession']!, banner],
      ),
    );
  }

  /**
   * Lets what is due now run (the switchboard's deliveries at latency 0); with `rest`, also lets Angular render.
   * A zoneless app renders on a `setTimeout` (raced with `requestAnimationFrame`); a timer set from a timer
   * callback is due 1 ms later under Jest's fake timers, so a rest lets a few milliseconds pass and then renders
   * what the last of them changed, as the next frame would.
   */
  private async flush(rest = true): Promise<void> {
    await jest.advanceTimersByTimeAsync(0);
    if (rest) {
      await jest.advanceTimersByTimeAsync(5);
      TestBed.inject(ApplicationRef).tick();
      await jest.advanceTimersByTimeAsync(0);
    }
  }

  // ---- Invariants after every step ----

  private checkStep(rendered: boolean): void {
    if (rendered) {
      this.checkSound(); // The ringtone follows the screen's phase through an effect: it needs a render.
    }
    this.checkPublished();
    this.checkScreensFollowCalls();
    this.checkPending();
    if (rendered) {
      this.checkPanes();
    }
    this.checkErrors();
  }

  /** Nothing waits forever: no decision stays in flight past its action time-out (two for a cancel queued behind initiateCall). */
  private checkPending(): void {
    const now = Date.now();
    const live = new Set<object>();
    for (const session of TestBed.inject(KitCallRegistry).sessions) {
      const phase = session.state.phase;
      if (!PENDING_PHASES.includes(phase)) {
        continue;
      }
      live.add(session);
      const known = this.pendingSince.get(session);
      if (!known || known.phase !== phase) {
        this.pendingSince.set(session, {phase, since: now});
      } else if (now - known.since > 2 * ACTION_TIMEOUT_MS + this.maxLatency + SLACK_MS) {
        this.violate(
          `${session.sessionId || 'a new call'} is ${phase} for ${now - known.since} ms`,
        );
      }
    }
    for (const session of [...this.pendingSince.keys()]) {
      if (!live.has(session)) {
        this.pendingSince.delete(session);
      }
    }
  }

  /** No overlay without a visible screen: every pane shows a ringing, dialing or ongoing screen. */
  private checkPanes(): void {
    for (const pane of Array.from(this.container.querySelectorAll('.cdk-overlay-pane'))) {
      if (
        !pane.querySelector(
          '.kit-incoming-call:not([hidden]), .kit-outgoing-call, .kit-ongoing-call',
        )
      ) {
        this.violate(`an overlay pane shows no screen: ${pane.innerHTML.slice(0, 200)}`);
      }
    }
  }

  /** Sound plays if and only if a screen rings or dials: one ringtone per ringing screen, one ringback per dialing. */
  private checkSound(): void {
    let ringing = 0;
    let dialing = 0;
    for (const ref of this.overlay.openCalls) {
      const screen = ref.componentInstance;
      if (screen instanceof KitIncomingCallComponent && screen.getViewModel().isRinging()) {
        ringing++;
      } else if (
        screen instanceof KitOutgoingCallComponent &&
        screen.getViewModel().phase() === 'dialing'
      ) {
        dialing++;
      }
    }
    if (this.layoutIncoming()?.getViewModel().isRinging()) {
      ringing++;
    }
    // Once play() was refused, a sound the kit holds may be blocked (waiting for a gesture): count what it holds.
    const playing = this.playRefused
      ? this.calls.audio.tracks.filter(track => !track.stopped).map(track => track.source)
      : this.calls.audio.playing();
    const tones = (tone: string) =>
      playing.filter(source => 'tone' in source && source.tone === tone).length;
    if (playing.length !== ringing + dialing || tones('ringtone') !== ringing) {
      this.violate(
        `sound: ${JSON.stringify(playing)} playing with ${ringing} ringing and ${dialing} dialing screens`,
      );
    }
  }

  /** Each accept, reject and end of a session is published at most once. */
  private checkPublished(): void {
    for (const [sessionId, counts] of this.published) {
      const {accepted = 0, rejected = 0, ended = 0, outgoing = 0} = counts;
      if (accepted > 1 || outgoing > 1 || rejected + ended > 1 || (rejected && accepted)) {
        this.violate(`events of ${sessionId}: ${JSON.stringify(counts)}`);
      }
    }
  }

  /**
   * No screen outlives its call, no call is left without its screen: once the SDK ended a call, its overlay (or
   * banner) is gone within the latency (plus the outcome delay of the outgoing screen); a call that rings or is
   * ongoing with me has a screen, unless the user closed it or a policy declined it.
   */
  private checkScreensFollowCalls(): void {
    const now = Date.now();
    const me = this.calls.me.uid;
    const late = (since: number | undefined, extra = 0) =>
      since !== undefined && now - since > this.maxLatency + SLACK_MS + extra;
    const sessions = this.calls.switchboard.calls();
    for (const call of sessions) {
      const over = TERMINAL.includes(call.status!) || this.answeredElsewhere.has(call.sessionId);
      if (over && !this.terminalSince.has(call.sessionId)) {
        this.terminalSince.set(call.sessionId, now);
      }
      const live = call.status === 'initiated' || call.status === 'ongoing';
      const liveKey = `${call.sessionId}:${call.status}`;
      if (live && !this.liveSince.has(liveKey)) {
        this.liveSince.set(liveKey, now);
      }
    }
    for (const info of this.screens) {
      if (info.reason !== null) {
        continue;
      }
      const since = this.terminalSince.get(info.sessionId);
      // An ending the user did not choose stays on screen for a moment (outcome, missed call, call ended).
      if (late(since, OUTCOME_MS)) {
        this.violate(
          `the ${info.direction} screen of ${info.sessionId} (${info.ref.stage()}) is still open ${now - since!} ms after its call ended`,
        );
      }
    }
    for (const sessionId of this.waitingBanners().keys()) {
      if (late(this.terminalSince.get(sessionId))) {
        this.violate(`the waiting banner of ${sessionId} outlives its call`);
      }
    }
    const banners = this.waitingBanners().size;
    if (banners > 0 && this.overlay.openCalls.length === 0) {
      this.bannersAloneSince ??= now;
      if (late(this.bannersAloneSince)) {
        this.violate(
          `${banners} waiting call(s) stay in a banner with no call on screen: ${[...this.waitingBanners().keys()]}`,
        );
      }
    } else {
      this.bannersAloneSince = null;
    }
    const layout = this.layout?.componentInstance;
    const layoutIncoming = this.layoutIncoming();
    // The user left a call that a pick-up (the callee's, or the user's own accept) had just made ongoing: the SDK
    // refuses the decline or cancel, then the session ends the call with endCall. That is two round trips while the
    // ringing screen says the call is ending, and should endCall fail, the ongoing screen shows the call.
    const leaving = new Set(
      TestBed.inject(KitCallRegistry)
        .sessions.filter(session => ['declining', 'cancelling'].includes(session.state.phase))
        .map(session => session.sessionId),
    );
    for (const call of sessions) {
      const id = call.sessionId;
      const mine = call.receiver.uid === me || call.sender.uid === me;
      const shown = this.screens.filter(info => info.sessionId === id);
      // An SDK action that never answered: the user's hang-up closed the screen at once, the SDK never ended it.
      const hung = this.sdkLog.some(entry => entry.sessionId === id && entry.state === 'hung');
      // The SDK refused the ring time-out's decline or cancel twice: the kit closed the call here and said so.
      const givenUp =
        this.sdkLog.filter(
          entry =>
            entry.sessionId === id &&
            entry.method === 'rejectCall' &&
            entry.status === 'unanswered' &&
            entry.state === 'failed',
        ).length >= 2;
      // The kit ended a call whose connection stayed away past the reconnect bound, and the SDK refused that
      // endCall: the kit closed the call here and said so (onError), the SDK may still call it ongoing.
      const lostRefused =
        this.dropped.has(id) &&
        this.sdkLog.some(
          entry => entry.sessionId === id && entry.method === 'endCall' && entry.state === 'failed',
        );
      if (
        !mine ||
        hung ||
        givenUp ||
        lostRefused ||
        this.answeredElsewhere.has(id) ||
        shown.some(info => info.dismissedByUser) ||
        !late(this.liveSince.get(`${id}:${call.status}`), leaving.has(id) ? this.maxLatency : 0)
      ) {
        continue;
      }
      if (layout && call.receiver.uid === me) {
        // Placed in the page: one call at a time, the next one once the screen is free (no policies).
        const busy = layoutIncoming?.getViewModel().isBusy() || !!layout.ongoing();
        if (call.status === 'ongoing' && layout.ongoing()?.sessionId !== id) {
          this.violate(
            `call ${id} is ongoing in the SDK but the page shows no ongoing screen for it`,
          );
        }
        if (call.status === 'initiated' && !busy) {
          this.violate(
            `call ${id} still rings in the SDK but the free screen in the page does not show it`,
          );
        }
        continue;
      }
      const open = shown.find(info => info.reason === null);
      if (call.status === 'ongoing' && open?.ref.stage() !== 'ongoing') {
        this.violate(`call ${id} is ongoing in the SDK but no ongoing screen shows it`);
      }
      const declinedByPolicy = shown.length === 0 && this.overlay.hasEnded(id);
      // Glare: the winning ring is shown once my own call's withdrawal settled (it has a time-out of its own).
      const heldForGlare = TestBed.inject(KitCallRegistry).isHeldForGlare(id);
      if (
        call.status === 'initiated' &&
        !open &&
        !this.waitingBanners().has(id) &&
        !declinedByPolicy &&
        !heldForGlare
      ) {
        this.violate(`call ${id} still rings in the SDK but has no screen here`);
      }
    }
  }

  /** Nothing thrown into the app: no console error, no unhandled rejection. */
  private checkErrors(): void {
    if (this.tableMisses.length) {
      this.violate(`a transition that is not a row of the table: ${this.tableMisses.join(' | ')}`);
    }
    if (this.consoleErrors.length) {
      this.violate(`console.error: ${this.consoleErrors.join(' | ')}`);
    }
    if (this.unhandled.length) {
      this.violate(`unhandled rejection: ${this.unhandled.map(String).join(' | ')}`);
    }
  }

  /** Each end seen by a screen is published exactly once (checked once the sequence is over). */
  private checkPublishedOnce(): void {
    for (const info of this.screens) {
      const {reason, sessionId} = info;
      const counts = this.published.get(sessionId) ?? {};
      if (info.reachedOngoing && counts['accepted'] !== 1) {
        this.violate(`${sessionId} went ongoing with ${counts['accepted'] ?? 0} ccCallAccepted`);
      }
      if (reason === null || reason === 'dismissed' || info.closedFromOutside.length) {
        continue; // Still on screen, or closed without a word (destroyed, glare withdrawal).
      }
      if (!sessionId) {
        continue; // initiateCall failed: the call never existed, there is no end to publish.
      }
      // "No answer" comes from a ring time-out, which cannot fire before the ring time-out went by, or from the SDK.
      const saidUnanswered =
        this.history.some(h => h.call.sessionId === sessionId && h.call.status === 'unanswered') ||
        this.sdkLog.some(e => e.sessionId === sessionId && e.status === 'unanswered');
      const open = (info.closedAt ?? Date.now()) - info.openedAt;
      if (reason === 'unanswered' && !saidUnanswered && open < this.config.ringTimeout) {
        this.violate(
          `${sessionId} closed as "unanswered" ${open} ms after it opened (ring time-out ${this.config.ringTimeout} ms), and the SDK never said so`,
        );
      }
      const timedOut = this.sdkLog.find(
        e => e.sessionId === sessionId && e.method === 'rejectCall' && e.status === 'unanswered',
      );
      if (timedOut && timedOut.state !== 'ok') {
        continue; // The SDK refused the time-out: nothing ended there to publish.
      }
      const ends = (counts['rejected'] ?? 0) + (counts['ended'] ?? 0);
      if (ends !== 1) {
        this.violate(
          `${sessionId} closed as "${reason}" with ${ends} end events: ${JSON.stringify(counts)}`,
        );
      }
    }
  }

  // ---- Liveness ----

  /**
   * The far side falls silent: from now on every SDK action hangs and nobody moves on the far side (what was
   * already on its way still lands, within the latency). Every call must then leave the screen within its ring
   * time-out, one action time-out (for the decision that times out) and the close delay (for the ending shown),
   * counted from the silence or from the moment the call took the screen (a waiting call comes after the one
   * before it). Only an ongoing call whose end-call button the user can still press may stay: it has nothing to
   * wait for. The other invariants hold all along.
   *
   * Slack of the model's clock, on top of that: one more action time-out for a decision that was already in
   * flight when the far side fell silent (its answer never comes either, and the call only rings again once it
   * times out), the latency of what was on its way, SLACK_MS for the renders, and one check interval, since the
   * screens are looked at every `interval` ms of fake time rather than at every timer.
   */
  private async checkLiveness(): Promise<void> {
    this.silent = true;
    const interval = Math.max(1000, Math.ceil(this.config.ringTimeout / 6));
    const bound =
      this.config.ringTimeout +
      2 * ACTION_TIMEOUT_MS +
      OUTCOME_MS +
      Math.max(this.maxLatency, BUSY_ANSWER_MS) +
      SLACK_MS +
      interval;
    const since = new Map<unknown, number>();
    // Enough for every call there is to take the screen in turn and leave it (a page shows one at a time).
    const calls = this.calls.switchboard.calls().length + this.screens.length + 2;
    const rounds = Math.ceil((calls * bound) / interval);
    for (let round = 0; round < rounds; round++) {
      await jest.advanceTimersByTimeAsync(interval);
      await this.flush();
      const now = Date.now();
      const stuck = this.screensThatMustLeave();
      for (const [key, label] of stuck) {
        const first = since.get(key) ?? now - interval;
        since.set(key, first);
        if (now - first > bound) {
          this.violate(
            `liveness: with the far side silent, ${label} is still on screen after ${now - first} ms (bound ${bound} ms)`,
          );
          return;
        }
      }
      this.checkStep(true);
      if (this.violations.length) {
        return;
      }
      if (!stuck.size && (!this.waitingBanners().size || this.hasLiveOngoingScreen())) {
        this.silent = false; // The far side comes back for the ending.
        return;
      }
    }
    this.violate(`liveness: with the far side silent, calls stay on screen after ${rounds} checks`);
  }

  /** The screens that must leave while the far side is silent, by a key that stays the same while shown. */
  private screensThatMustLeave(): Map<unknown, string> {
    const stuck = new Map<unknown, string>();
    for (const info of this.screens) {
      const host = info.reason === null ? this.hostOf(info) : null;
      if (info.reason !== null || (info.ref.stage() === 'ongoing' && this.canHangUp(host))) {
        continue;
      }
      const text = host?.textContent?.replace(/\s+/g, ' ').trim().slice(0, 80);
      stuck.set(
        info.ref,
        `the ${info.direction} screen of ${info.sessionId || 'a call with no session id'} (${info.ref.stage()}: "${text}")`,
      );
    }
    const page = this.layout?.nativeElement as HTMLElement | undefined;
    const incoming = this.layoutIncoming()?.getViewModel();
    // Once accepted, the page's ongoing screen shows the call (the incoming one stays bound to it until the end).
    if (incoming && ['ringing', 'accepting', 'declining'].includes(incoming.phase() ?? '')) {
      const id = incoming.call()?.sessionId;
      stuck.set(`page:${id}`, `the page's incoming screen of ${id} (${incoming.phase()})`);
    }
    const ongoing = this.layout?.componentInstance.ongoing();
    if (ongoing && !this.canHangUp(page?.querySelector('kit-ongoing-call') ?? null)) {
      stuck.set(
        `page-ongoing:${ongoing.sessionId}`,
        `the page's ongoing screen of ${ongoing.sessionId}`,
      );
    }
    return stuck;
  }

  /** Whether an ongoing screen is shown whose end-call button works: waiting calls may stay beside it. */
  private hasLiveOngoingScreen(): boolean {
    const page = this.layout?.nativeElement as HTMLElement | undefined;
    return (
      this.screens.some(
        info =>
          info.reason === null &&
          info.ref.stage() === 'ongoing' &&
          this.canHangUp(this.hostOf(info)),
      ) ||
      (!!this.layout?.componentInstance.ongoing() &&
        this.canHangUp(page?.querySelector('kit-ongoing-call') ?? null))
    );
  }

  /** Whether the host shows an ongoing call with an end-call button that is not disabled. */
  private canHangUp(host: Element | null): boolean {
    const button = host?.querySelector('.kit-ongoing-call-end-call-button');
    return !!button && button.getAttribute('aria-disabled') !== 'true';
  }

  // ---- Endings ----

  /** Closes every screen (and lets waiting calls be shown and closed), then checks that nothing is left. */
  private async closeAll(): Promise<void> {
    const baseline = this.baselineListeners;
    for (let round = 0; round < 20; round++) {
      // What is on its way arrives first; now and then long enough for a hanging SDK action to give up.
      await jest.advanceTimersByTimeAsync(
        round % 5 === 4 ? ACTION_TIMEOUT_MS + 10 : this.maxLatency + 10,
      );
      await this.flush();
      const open = this.overlay.openCalls;
      const banners = [...this.waitingBanners().keys()];
      const inPage = this.closeInLayout();
      if (!open.length && !banners.length && !inPage) {
        break;
      }
      open.forEach(ref => ref.close());
      if (!open.length) {
        // Waiting calls with no screen left (see the banner invariant): the user declines them.
        banners.forEach((_, index) => this.click('waitingDecline', 1, index));
      }
    }
    await jest.advanceTimersByTimeAsync(10_000);
    await this.flush();
    this.checkErrors();
    this.checkLeftovers();
    if (this.calls.sdk.listenerCount !== baseline || this.liveListeners.size) {
      this.violate(
        `${this.calls.sdk.listenerCount} SDK listeners left (${[...this.liveListeners]}), expected ${baseline}`,
      );
    }
    if (this.overlay.openCalls.length || this.waitingBanners().size) {
      this.violate('calls still open after closing everything');
    }
    for (const subject of ['_accepted', '_rejected', '_ended', '_outgoing']) {
      const observers = (this.events as unknown as Record<string, Subject<unknown>>)[subject]
        .observers.length;
      if (observers !== 1) {
        this.violate(`${observers} subscriptions to ${subject} left; only the test's is expected`);
      }
    }
  }

  /** The user declines or hangs up what the page shows. @returns Whether anything was shown. */
  private closeInLayout(): boolean {
    const host = this.layout?.nativeElement as HTMLElement | undefined;
    if (!host) {
      return false;
    }
    if (host.querySelector('.kit-ongoing-call-end-call-button')) {
      this.clickInLayout('ongoingEnd', '.kit-ongoing-call-end-call-button', 1);
      return true;
    }
    const incoming = this.layoutIncoming()?.getViewModel();
    if (incoming?.isBusy()) {
      this.clickInLayout('reject', '.kit-incoming-call-reject-button', 1);
      return true;
    }
    // An ending on screen for a moment ("Missed call"): the next call that rings comes after it.
    return incoming?.phase() === 'ended';
  }

  /** Destroys the whole app with calls possibly open: nothing may survive it. */
  private async destroyApp(): Promise<void> {
    const sdk = this.calls.sdk;
    const listenersBefore = new Set(this.liveListeners);
    const autoRing = TestBed.inject(KitCallAutoRing);
    try {
      TestBed.resetTestingModule();
    } catch (error) {
      this.violate(`destroying the app threw: ${(error as Error).stack}`);
    }
    if (autoRing.isStarted) {
      this.violate('the kit still rings by itself after the app was destroyed');
    }
    await jest.advanceTimersByTimeAsync(10_000);
    await this.flush();
    this.checkErrors();
    this.checkLeftovers();
    if (this.liveListeners.size) {
      this.violate(
        `listeners never removed on destroy: ${[...this.liveListeners]} (before: ${[...listenersBefore]})`,
      );
    }
    if (sdk.listenerCount) {
      this.violate(`${sdk.listenerCount} listeners left on the disposed SDK`);
    }
  }

  private checkLeftovers(): void {
    const timers = jest.getTimerCount();
    if (timers) {
      this.violate(`${timers} timers left`);
    }
    const panes = document.querySelectorAll('.cdk-overlay-pane').length;
    if (panes) {
      this.violate(`${panes} overlay panes left`);
    }
    const held = this.calls.audio.tracks.filter(track => !track.stopped && track.playing !== false);
    const playing = this.calls.audio.playing();
    if (
      playing.length ||
      (this.playRefused && this.calls.audio.tracks.some(t => !t.stopped && t.playing))
    ) {
      this.violate(`sound left: ${JSON.stringify(playing)} (${held.length} held)`);
    }
  }

  private violate(message: string): void {
    this.violations.push(`[step ${this.step}] ${message}`);
  }
}

const step = (action: StressAction, rest = true): StressStep => ({action, rest});
const run = (config: Partial<StressRunConfig>): StressRunConfig => ({
  layout: false,
  busyPolicy: 'busy',
  ringTimeout: 3_000,
  latency: 0,
  ending: 'closeAll',
  silence: false,
  ...config,
});

/**
 * Counter-examples found by this test, shrunk, replayed first on every run (see the report of issue 8).
 */
const KNOWN: [StressRunConfig, StressStep[]][] = [
  // A (fixed in incoming-call.ts): a cancel right behind the ring, before the screen's first render, was lost: the
  // overlay stayed open, silent, until the ring timeout, and no ccCallEnded was published.
  [
    run({latency: 300}),
    [
      step({kind: 'ring', who: 0, video: false}, false),
      step({kind: 'far', op: 'cancel', pick: 0}),
      step({kind: 'wait', ms: 'ringTimeout'}),
    ],
  ],
  // B (fixed in call-ringer.ts): destroying the app while a call is on screen and another waits threw NG0205 (the
  // ringer opened the waiting call while the dialogs closed).
  [
    run({busyPolicy: 'wait', ending: 'destroyApp'}),
    [step({kind: 'ring', who: 0, video: false}), step({kind: 'ring', who: 0, video: false})],
  ],
  // D (fixed in call-ringer.ts): a waiting call cancelled by its caller came back on a late ring (as a banner, or on
  // the full screen once nothing else was on screen).
  [
    run({busyPolicy: 'wait'}),
    [
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'ring', who: 1, video: false}),
      step({kind: 'far', op: 'cancel', pick: 1}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'replay', pick: 1}),
      step({kind: 'wait', ms: 400}),
    ],
  ],
  // E (fixed: the time-out goes through the screen's lifecycle): the ring timeout fires while the user's accept is in flight: rejectCall('unanswered')
  // goes out next to acceptCall, the screen closes, and the call is ongoing in the SDK with no screen.
  [
    run({latency: 300}),
    [
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'wait', ms: 2500}),
      step({kind: 'wait', ms: 400}),
      step({kind: 'wait', ms: 100}),
      step({kind: 'click', button: 'accept', times: 1, pick: 0}),
      step({kind: 'wait', ms: 400}),
    ],
  ],
  // F (fixed: a refused time-out is reported and retried): the SDK refuses the time-out's rejectCall('unanswered'): the screen is gone, the
  // call rings on in the SDK, and the error is swallowed (not even onError).
  [
    run({}),
    [
      step({kind: 'fail', action: 'reject'}),
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'wait', ms: 400}),
    ],
  ],
  // G (fixed: early answers are kept for the session): the outgoing screen listens to the SDK from its first render only; a
  // reject or busy that arrives right behind initiateCall's answer is lost and the screen dials until the timeout.
  [
    run({latency: 300}),
    [
      step({kind: 'start', who: 0, video: false}, false),
      step({kind: 'far', op: 'reject', pick: 0}),
      step({kind: 'wait', ms: 400}),
      step({kind: 'wait', ms: 2500}),
    ],
  ],
  // C (fixed: waiting calls ring once any call closes): a call that waits (busy policy 'wait') during an outgoing call is never put on the
  // full screen when that call ends: its banner has no accept, so the call cannot be answered.
  [
    run({busyPolicy: 'wait', ringTimeout: 45_000}),
    [
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'ring', who: 1, video: false}),
      step({kind: 'far', op: 'reject', pick: 0}),
      step({kind: 'wait', ms: 2500}),
      step({kind: 'wait', ms: 400}),
    ],
  ],
  // H (fixed in the outgoing view model): the callee picks up as the ring time-out withdraws the call; the pick-up
  // was treated like a user's hang-up and the call was ended behind the user's back.
  [
    run({ringTimeout: 3000, latency: 30}),
    [
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'far', op: 'accept', pick: 0}),
      step({kind: 'far', op: 'cancel', pick: 0}),
    ],
  ],
  // J (fixed in the outgoing view model): glare withdrew my call while the callee picked it up; the pick-up was
  // treated like the user's hang-up, and the accepted call was ended with nobody pressing anything.
  [
    run({ringTimeout: 3000, latency: 300}),
    [
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'far', op: 'accept', pick: 0}),
    ],
  ],
  // K (fixed in call-waiting.ts): a duplicate ring of a waiting call declined in its banner showed the banner again.
  [
    run({busyPolicy: 'wait', ringTimeout: 3000}),
    [
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'ring', who: 1, video: false}),
      step({kind: 'click', button: 'waitingDecline', times: 1, pick: 0}),
      step({kind: 'wait', ms: 400}),
      step({kind: 'replay', pick: 0}),
    ],
  ],
  // L (fixed in the outgoing view model): my hang-up crosses the pick-up; ccCallEnded waited for the SDK.
  [
    run({ringTimeout: 3000, latency: 30}),
    [
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'wait', ms: 10}),
      step({kind: 'far', op: 'accept', pick: 0}),
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'click', button: 'outgoingEnd', times: 1, pick: 0}),
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'acceptAndReject', rejectFirst: false, pick: 0}),
    ],
  ],
  // M (fixed in KitCallOverlay.startCall): the callee declined before initiateCall resolved (before the screen
  // existed); the outgoing screen then dialed until the ring time-out.
  [
    run({ringTimeout: 3000, latency: 300}),
    [
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'latency', ms: 0}),
      step({kind: 'far', op: 'reject', pick: 0}),
      step({kind: 'wait', ms: 2500}),
    ],
  ],
  // N (found by a 5,000-sequence run of the session core, fixed in KitCallSession): my hang-up, queued behind
  // initiateCall, crossed the callee's pick-up; the SDK answered the cancel with "ongoing", which was read as "over",
  // so the call was left ongoing in the SDK with no screen (and endCall failed too).
  [
    run({ringTimeout: 3000, latency: 30}),
    [
      step({kind: 'fail', action: 'end'}),
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'click', button: 'outgoingEnd', times: 1, pick: 0}),
      step({kind: 'far', op: 'accept', pick: 0}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'ring', who: 0, video: false}),
    ],
  ],
  // O (found by a 5,000-sequence run, fixed in KitCallRegistry): the SDK refused a busy answer; the second call was
  // neither on screen nor counted as declined by the policy while the answer was on its way.
  [
    run({ringTimeout: 3000, latency: 300}),
    [
      step({kind: 'fail', action: 'reject'}),
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'wait', ms: 400}),
    ],
  ],
  // P (issue 13: decline stays possible during a pending accept): decline pressed while my accept is on its way;
  // the SDK takes the accept first and refuses the decline ("ongoing"), so the session ends the call with endCall.
  [
    run({ringTimeout: 3000, latency: 300}),
    [
      step({kind: 'ring', who: 0, video: true}),
      step({kind: 'wait', ms: 400}),
      step({kind: 'click', button: 'accept', times: 1, pick: 0}, false),
      step({kind: 'click', button: 'reject', times: 1, pick: 0}),
      step({kind: 'wait', ms: 1000}),
    ],
  ],
  // Q (found by the 1,000-sequence run, fixed in KitCallRegistry): in a page's own screen, a call that rang out showed
  // "Missed call" for a moment while a second call rang unseen; now the second call takes the screen at once.
  [
    run({layout: true}),
    [
      step({kind: 'unknown', method: 'onIncomingCallReceived', id: 0}),
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'wait', ms: 'ringTimeout'}),
    ],
  ],
  // I (fixed in call-ringer.ts): glare withdrew my call beside the screen, so an end-call press sent a second cancel.
  [
    run({ringTimeout: 3000, latency: 30}),
    [
      step({kind: 'start', who: 1, video: false}),
      step({kind: 'wait', ms: 400}),
      step({kind: 'ring', who: 1, video: false}),
      step({kind: 'click', button: 'outgoingEnd', times: 1, pick: 0}),
    ],
  ],
  // R (found by a 12,000-sequence run, seed 7719; the test's bound, not the kit): decline pressed while my accept
  // was on its way, the accept landed first, and the endCall that follows failed. The call was ongoing in the SDK
  // for two round trips (the refused decline, then the failed endCall) while the screen said "Ending…", then the
  // ongoing screen showed it (checked by the second wait); the check allowed one round trip.
  [
    run({ringTimeout: 3000, latency: 300}),
    [
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'click', button: 'accept', times: 1, pick: 0}),
      step({kind: 'fail', action: 'end'}),
      step({kind: 'click', button: 'reject', times: 1, pick: 0}),
      step({kind: 'wait', ms: 400}),
      step({kind: 'wait', ms: 400}),
    ],
  ],
  // S (found by a 10,000-sequence run, seed 424242, fixed in KitCallSession): decline pressed while my accept was on
  // its way, and the SDK refused the decline before answering the accept. The session went back to ringing with the
  // accept still in flight, so the ring time-out sent rejectCall(unanswered) beside it; now the accept decides.
  [
    run({ringTimeout: 3000, latency: 30}),
    [
      step({kind: 'sdkFault', method: 'rejectCall', fault: 'rejectString'}),
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'click', button: 'accept', times: 1, pick: 0}),
      step({kind: 'click', button: 'reject', times: 1, pick: 0}),
      step({kind: 'replay', pick: 0}),
    ],
  ],
  // T (found by the liveness check, seeds 7 and 8 of 500-sequence runs; issue 21, the fix is the lead's): the far
  // side falls silent while a call rings. The ring time-out's rejectCall(unanswered) never answers: "Ending…" for
  // the action time-out, then back to ringing with "That did not work", and the time-out declines again, one more
  // rejectCall each round, forever.
  [run({silence: true}), [step({kind: 'ring', who: 0, video: false})]],
  // U (found by the liveness check, seed 2121 of a 2,000-sequence run with T and V fixed by hand; issue 21, the fix
  // is the lead's): initiateCall resolves with no session id. "Calling…", then the ring time-out's cancel waits for
  // an id that never comes: "Ending…" forever, with end call disabled (the pending check names it too).
  [
    run({silence: true}),
    [
      step({kind: 'sdkFault', method: 'initiateCall', fault: 'noSessionId'}),
      step({kind: 'start', who: 0, video: false}),
    ],
  ],
  // V (found by the liveness check, seed 2121 of a 2,000-sequence run): T's twin on my own call. The far side falls
  // silent while it dials; the ring time-out's rejectCall(unanswered) never answers: "Ending…", back to "Calling…"
  // with "That did not work", and the time-out withdraws it again every 3 s, forever.
  [run({silence: true}), [step({kind: 'start', who: 0, video: false})]],
  // W (found by the liveness check, seed 31337 of a 1,500-sequence run of up to 16 steps, with T, U and V fixed by
  // hand): glare before initiateCall answered. Bob's ring arrives while my call to Bob has no id yet, so the
  // withdrawal is queued; initiateCall answers, the queued cancel goes out and never answers (the far side is
  // silent). Back to "Calling…" after the action time-out, but the ring time-out was never armed (initiateCall's
  // answer skips it when a cancel is queued), so the call dials forever: no rejectCall(unanswered) ever follows.
  [
    run({latency: 300, silence: true}),
    [
      step({kind: 'ring', who: 1, video: false}),
      step({kind: 'start', who: 1, video: false}),
      step({kind: 'far', op: 'cancel', pick: 0}),
    ],
  ],
  // X (found by a 25,000-sequence run, seed 60311, with the table): glare withdraws my call and the SDK never
  // answers the withdrawal; the ring time-out then ends my call here (the far side is silent), but published no
  // ccCallEnded though the app had heard ccOutgoingCall. A call the kit gives up on now says that it ended.
  [
    run({latency: 30}),
    [
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'sdkFault', method: 'rejectCall', fault: 'hang'}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'replay', pick: 0}),
    ],
  ],
  // Y (found by a 25,000-sequence run, seed 60312): the SDK refuses the ring time-out's decline twice; the kit closes
  // the call here with onError instead of trying without end (issue 21), and the check that every call ringing in the
  // SDK has a screen must allow that one.
  [
    run({}),
    [
      step({kind: 'sdkFault', method: 'rejectCall', fault: 'rejectUndefined'}),
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'fail', action: 'reject'}),
      step({kind: 'wait', ms: 'ringTimeout'}),
      step({kind: 'fail', action: 'initiate'}),
    ],
  ],
  // Z (found by a 10,000-sequence run, seed 80511): an ongoing call's connection drops and the far side goes silent;
  // past the reconnect bound the kit ends the call itself (one endCall with no press), which the model must allow.
  // Alone, this example passes even without that allowance (the silent wait ends before the bound); the seed shows
  // it: KIT_STRESS_SEED=80511 KIT_STRESS_RUNS=400 fails at its 26th sequence without the allowance.
  [
    run({layout: true, ringTimeout: 45_000, silence: true}),
    [
      step({kind: 'start', who: 0, video: false}),
      step({kind: 'far', op: 'accept', pick: 0}),
      step({kind: 'link', lost: true, pick: 0}),
      step({kind: 'ring', who: 0, video: false}),
    ],
  ],
  // The attended transfer (issue 36), so that every run walks its rows: the user calls Tina first from Ada's call
  // (held); Tina answers; the user completes the transfer, which the SDK first refuses (a fault), then Tina's call
  // is let go by a resume of Ada's (the bar's Switch), called again and completed; the SDK joins them.
  [
    run({ringTimeout: 45_000}),
    [
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'click', button: 'accept', times: 1, pick: 0}),
      step({kind: 'consult', by: 'me', pick: 0}),
      step({kind: 'far', op: 'accept', pick: 1}),
      step({kind: 'fail', action: 'transfer'}),
      step({kind: 'consult', by: 'complete', pick: 0}),
      step({kind: 'consult', by: 'me', pick: 0}),
      step({kind: 'hold', by: 'me', on: false, pick: 0}),
      step({kind: 'consult', by: 'me', pick: 0}),
      step({kind: 'far', op: 'accept', pick: 2}),
      step({kind: 'consult', by: 'complete', pick: 0}),
      step({kind: 'transfer', by: 'answer', ok: true, pick: 0}),
    ],
  ],
  // ... Tina declines (Ada is back on hold); called again, the far side of Ada's call hangs up while the user consults
  // (Tina's call goes on); then Ada rings again, is called first to Tina and the user hangs up Ada meanwhile.
  [
    run({ringTimeout: 45_000}),
    [
      step({kind: 'ring', who: 0, video: false}),
      step({kind: 'click', button: 'accept', times: 1, pick: 0}),
      step({kind: 'consult', by: 'me', pick: 0}),
      step({kind: 'far', op: 'reject', pick: 1}),
      step({kind: 'consult', by: 'me', pick: 0}),
      step({kind: 'consult', by: 'farEnds', pick: 0}),
      // Tina's call (after the two that ended: the switchboard lists them first) is declined.
      step({kind: 'far', op: 'reject', pick: 2}),
      step({kind: 'ring', who: 1, video: false}),
      step({kind: 'click', button: 'accept', times: 1, pick: 0}),
      step({kind: 'consult', by: 'me', pick: 0}),
      step({kind: 'click', button: 'ongoingEnd', times: 1, pick: 0}),
    ],
  ],
  // ... the connection of the held call drops while the user consults (held and reconnecting: the call to Tina goes
  // on), comes back; called first again, the app closes the held call's screen.
  [
    run({ringTimeout: 45_000}),
    [
      step({kind: 'ring', who: 2, video: false}),
      step({kind: 'click', button: 'accept', times: 1, pick: 0}),
      step({kind: 'consult', by: 'me', pick: 0}),
      step({kind: 'link', lost: true, pick: 0}),
      step({kind: 'link', lost: false, pick: 0}),
      step({kind: 'consult', by: 'me', pick: 0}),
      step({kind: 'destroy', pick: 0}),
    ],
  ],
];

/** The rows of the transition table that some run took, for the coverage line printed at the end. */
const TABLE_ROWS_VISITED = new Set<string>();

describe('call flows under random sequences (model-based stress)', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(() => {
    process.on('unhandledRejection', onUnhandled);
    process.stdout.write(
      `[call-flows stress] ${RUNS} sequences of up to ${MAX_STEPS} steps, seed ${SEED} ` +
        `(replay: KIT_STRESS_SEED=${SEED} KIT_STRESS_RUNS=${RUNS} KIT_STRESS_STEPS=${MAX_STEPS})\n`,
    );
  });
  afterAll(() => process.off('unhandledRejection', onUnhandled));

  it(`should keep every invariant over ${RUNS} random sequences`, async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        stressRunConfig,
        fc.array(stressStep, {minLength: 1, maxLength: MAX_STEPS}),
        async (config, steps) => {
          unhandled.length = 0;
          const run = new StressRun(config, unhandled);
          await run.setUp();
          try {
            await run.run(steps);
          } catch (error) {
            if (process.env['KIT_STRESS_DEBUG']) {
              process.stdout.write(`${(error as Error).stack}\n`);
            }
            throw error;
          } finally {
            await run.tearDown();
          }
          if (run.violations.length) {
            throw new Error(
              `${run.violations.join('\n')}\nconfig: ${JSON.stringify(config)}\n${run.trace.join('\n')}`,
            );
          }
        },
      ),
      {numRuns: RUNS, seed: SEED, examples: KNOWN},
    );
    const rows = Object.entries(KIT_CALL_TABLE).flatMap(([from, on]) =>
      Object.entries(on).flatMap(([event, cell]) =>
        ([] as KitCallRow[]).concat(cell ?? []).map(row => `${from} x ${event} -> ${row.to}`),
      ),
    );
    process.stdout.write(
      `[call-flows stress] table rows walked: ${rows.filter(row => TABLE_ROWS_VISITED.has(row)).length} of ${new Set(rows).size}\n`,
    );
    // The rows of hold and transfer (issue 36), apart: the states with 'held', 'holding', 'resuming', 'transferring',
    // 'consulting'.
    const phone = [...new Set(rows)].filter(row =>
      /\.(held|holding|resuming|remoteHeld)|transfer|consult/.test(row),
    );
    const walked = (part: string) =>
      `${phone.filter(row => row.includes(part) && TABLE_ROWS_VISITED.has(row)).length} of ${phone.filter(row => row.includes(part)).length}`;
    process.stdout.write(
      `[call-flows stress] hold and transfer rows walked: ${phone.filter(row => TABLE_ROWS_VISITED.has(row)).length} of ${phone.length} (transferring: ${walked('transferring')}, consulting: ${walked('consult')})\n`,
    );
    if (process.env['KIT_STRESS_ROWS']) {
      process.stdout.write(`${phone.filter(row => !TABLE_ROWS_VISITED.has(row)).join('\n')}\n`);
    }
    process.stdout.write(
      `[call-flows stress] ${RUNS} sequences passed in ${((performance.now() - started) / 1000).toFixed(1)} s, seed ${SEED}\n`,
    );
  }, 3_600_000);
});
