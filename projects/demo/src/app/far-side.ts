import {ChangeDetectionStrategy, Component, DestroyRef, effect, inject, input} from '@angular/core';
import {takeUntilDestroyed} from '@angular/core/rxjs-interop';
import {MatButtonModule} from '@angular/material/button';
import {MatFormFieldModule} from '@angular/material/form-field';
import {MatInputModule} from '@angular/material/input';
import {
  KitAvatarComponent,
  KitCall,
  KitCallEventsService,
  KitCallType,
  KitCallsSdk,
  KitErrorCodes,
  KitException,
} from 'kit-chat-uikit-angular';
import {
  KitInMemoryAnswer,
  KitInMemoryMediaCallsSdk,
  KitInMemorySwitchboard,
} from 'kit-chat-uikit-angular/in-memory';
import {DemoClosedTabRing} from './closed-tab-ring';
import {DemoLog, demoDescribeCall} from './demo-log';
import {DEMO_ANSWER_AFTER_MS, DemoSettings, demoSimulatedPeople} from './demo-settings';
import {DemoPerson, demoUser} from './people';

/** The answers a simulated person can give, in the order of the select. */
const ANSWERS: readonly {value: KitInMemoryAnswer; label: string}[] = [
  {value: 'accept', label: 'Accept'},
  {value: 'reject', label: 'Decline'},
  {value: 'busy', label: 'Busy'},
  {value: 'never', label: 'Never answer'},
];

/** Network delays of the switchboard. */
const LATENCIES: readonly {value: number; label: string}[] = [
  {value: 0, label: 'None'},
  {value: 300, label: '300 ms'},
  {value: 1000, label: '1 s'},
  {value: 3000, label: '3 s'},
  {value: 10000, label: '10 s'},
];

/** Delays of the timed far-side actions (the call screen is modal: a person cannot click the page meanwhile). */
const CANCEL_DELAYS: readonly {value: number; label: string}[] = [
  {value: 0, label: 'Wait for my answer'},
  {value: 4000, label: 'Cancel after 4 s'},
];
const HANG_UP_DELAYS: readonly {value: number; label: string}[] = [
  {value: 0, label: 'Stay on'},
  {value: 5000, label: 'Hang up after 5 s'},
];

const CAMERA_DELAYS: readonly {value: number; label: string}[] = [
  {value: 0, label: 'Keep their camera on'},
  {value: 4000, label: 'Turn it off after 4 s, on 4 s later'},
];

type Role = 'caller' | 'receiver';

/** The far side: the simulated people ring me, answer my calls, hang up, and fail on demand. */
@Component({
  selector: 'demo-far-side',
  imports: [
    MatButtonModule,
    MatFormFieldModule,
    MatInputModule,
    KitAvatarComponent,
    DemoClosedTabRing,
  ],
  templateUrl: './far-side.html',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoFarSide {
  private readonly _switchboard = inject(KitInMemorySwitchboard);
  private readonly _sdk = inject(KitCallsSdk);
  private readonly _log = inject(DemoLog);
  protected readonly settings = inject(DemoSettings);
  protected readonly answers = ANSWERS;
  protected readonly latencies = LATENCIES;
  protected readonly cancelDelays = CANCEL_DELAYS;
  protected readonly hangUpDelays = HANG_UP_DELAYS;
  protected readonly cameraDelays = CAMERA_DELAYS;
  private readonly _timers = new Set<ReturnType<typeof setTimeout>>();

  /** The logged-in user. */
  readonly me = input.required<DemoPerson>();

  constructor() {
    // The switchboard follows the settings: the stored ones at start, then every change.
    effect(() => {
      const {answers, latency} = this.settings.state();
      for (const person of demoSimulatedPeople(this.me().uid)) {
        this._switchboard.control.autoAnswer(
          person.uid,
          answers[person.uid] ?? 'never',
          DEMO_ANSWER_AFTER_MS,
        );
      }
      this._switchboard.control.setLatency(latency);
    });
    this._timedActions();
  }

  /** The keypad digits the far side received in the latest call that got some (in-memory mode). */
  protected digitsReceived(): string {
    const sdk = this._sdk;
    const all = sdk instanceof KitInMemoryMediaCallsSdk ? sdk.farSideDigits() : {};
    return Object.values(all).at(-1) ?? '';
  }

  protected people(): DemoPerson[] {
    return demoSimulatedPeople(this.me().uid);
  }

  /** Who rings the closed tab: the first simulated person. */
  protected closedTabCaller(): DemoPerson | undefined {
    return this.people()[0];
  }

  protected answerOf(uid: string): KitInMemoryAnswer {
    return this.settings.state().answers[uid] ?? 'never';
  }

  protected setAnswer(uid: string, value: string): void {
    this.settings.setAnswer(uid, value as KitInMemoryAnswer);
  }

  protected setLatency(value: string): void {
    this.settings.update({latency: Number(value)});
  }

  protected setCallerCancelsAfter(value: string): void {
    this.settings.update({callerCancelsAfter: Number(value)});
  }

  protected setCameraOffAfter(value: string): void {
    this.settings.update({cameraOffAfter: Number(value)});
  }

  protected setHangUpAfter(value: string): void {
    this.settings.update({hangUpAfter: Number(value)});
  }

  /** A simulated person rings me. */
  protected ring(person: DemoPerson, type: KitCallType): void {
    this._switchboard.control
      .ring(demoUser(person), demoUser(this.me()), type)
      .catch(error => this._log.error(error));
  }

  /** Two people ring me, the second while the first rings: shows the busy policy at work. */
  protected ringTwo(): void {
    const [first, second] = this.people();
    if (first && second) {
      this.ring(first, 'audio');
      const timer = setTimeout(() => {
        this._timers.delete(timer);
        this.ring(second, 'video');
      }, 1500);
      this._timers.add(timer);
    }
  }

  /** The caller of the call ringing here cancels it. */
  protected cancel(): void {
    this._act('caller', 'initiated', call => this._switchboard.control.cancel(call.sessionId));
  }

  /** The person I call accepts, declines or answers busy, now. */
  protected answer(answer: 'accept' | 'reject' | 'busy'): void {
    this._act('receiver', 'initiated', call => this._switchboard.control[answer](call.sessionId));
  }

  /** The other person hangs up. */
  protected hangUp(): void {
    this._act('either', 'ongoing', call => this._switchboard.control.end(call.sessionId));
  }

  /** The network drops (`lost`) or brings back the ongoing call's connection: "Reconnecting…" on screen. */
  protected link(lost: boolean): void {
    this._act('either', 'ongoing', call => {
      this._switchboard.control[lost ? 'dropConnection' : 'restoreConnection'](call.sessionId);
      return Promise.resolve(call);
    });
  }

  /** The other person puts the ongoing call on hold, or takes it off: "Ada put you on hold". */
  protected hold(on: boolean): void {
    this._act('either', 'ongoing', call => {
      this._switchboard.control.hold(call.sessionId, on);
      return Promise.resolve(call);
    });
  }

  /** The other person turns their camera off or on: the ongoing screen shows their avatar, then their picture. */
  protected camera(on: boolean): void {
    const sdk = this._sdk;
    this._act('either', 'ongoing', async call => {
      if (sdk instanceof KitInMemoryMediaCallsSdk) {
        sdk.setRemoteCamera(call.sessionId, on);
      }
      return call;
    });
  }

  /** The next accept, by either side, fails with `ERR_NETWORK`. */
  protected failNextAccept(): void {
    this._switchboard.control.failNext('accept');
    this._log.write('info', 'Far side', 'The next accept fails (ERR_NETWORK).');
  }

  /** The next call start fails with `ERR_NETWORK`. */
  protected failNextInitiate(): void {
    this._switchboard.control.failNext('initiate');
    this._log.write('info', 'Far side', 'The next call start fails (ERR_NETWORK).');
  }

  /** The timed actions: a simulated caller cancels, a simulated person hangs up, after a delay. */
  private _timedActions(): void {
    const sdk = inject(KitCallsSdk);
    const listenerId = 'demo-far-side';
    const simulated = (uid: string) => this.people().some(person => person.uid === uid);
    sdk.addCallListener(listenerId, {
      onIncomingCallReceived: call => {
        const delay = this.settings.state().callerCancelsAfter;
        if (delay > 0 && simulated(call.callInitiator.uid)) {
          this._later(delay, () => this._switchboard.control.cancel(call.sessionId));
        }
      },
    });
    inject(KitCallEventsService)
      .ccCallAccepted.pipe(takeUntilDestroyed())
      .subscribe(call => {
        const delay = this.settings.state().hangUpAfter;
        const other =
          call.callInitiator.uid === this.me().uid ? call.callReceiver : call.callInitiator;
        if (delay > 0 && simulated(other.uid)) {
          this._later(delay, () => this._switchboard.control.end(call.sessionId));
        }
        const cameraDelay = this.settings.state().cameraOffAfter;
        if (cameraDelay > 0 && call.type === 'video' && simulated(other.uid)) {
          const camera = async (on: boolean) => {
            if (this._sdk instanceof KitInMemoryMediaCallsSdk) {
              this._sdk.setRemoteCamera(call.sessionId, on);
            }
            return call;
          };
          this._later(cameraDelay, () => camera(false));
          this._later(cameraDelay * 2, () => camera(true));
        }
      });
    inject(DestroyRef).onDestroy(() => {
      sdk.removeCallListener(listenerId);
      this._timers.forEach(timer => clearTimeout(timer));
    });
  }

  private _later(delay: number, action: () => Promise<KitCall>): void {
    const timer = setTimeout(() => {
      this._timers.delete(timer);
      action().then(
        done => this._log.write('info', 'Far side', demoDescribeCall(done)),
        error => {
          // The call ended meanwhile (answered, declined, hung up here): nothing left to do.
          if (!(error instanceof KitException && error.code === KitErrorCodes.CALL_ENDED)) {
            this._log.error(error);
          }
        },
      );
    }, delay);
    this._timers.add(timer);
  }

  /**
   * Runs a far-side action on the newest call between me and a simulated person.
   * @param role The simulated person's role in the call: `caller` (rings me), `receiver` (I call) or `either`.
   * @param status The status the call must have.
   * @param action The action.
   */
  private _act(
    role: Role | 'either',
    status: KitCall['status'],
    action: (call: KitCall) => Promise<KitCall>,
  ): void {
    const me = this.me().uid;
    const simulated = new Set(this.people().map(person => person.uid));
    const call = this._switchboard
      .calls()
      .reverse()
      .find(candidate => {
        const caller = candidate.callInitiator.uid;
        const receiver = candidate.callReceiver.uid;
        const isCaller = caller !== me && simulated.has(caller) && receiver === me;
        const isReceiver = caller === me && simulated.has(receiver);
        const matches =
          role === 'caller' ? isCaller : role === 'receiver' ? isReceiver : isCaller || isReceiver;
        return matches && candidate.status === status;
      });
    if (!call) {
      const what =
        status === 'ongoing'
          ? 'No call with a simulated person is ongoing.'
          : role === 'caller'
            ? 'Nobody is ringing you: ring yourself first.'
            : 'You are not calling anyone who could answer.';
      this._log.write('info', 'Far side', what);
      return;
    }
    action(call).then(
      done => this._log.write('info', 'Far side', demoDescribeCall(done)),
      error => this._log.error(error),
    );
  }
}
