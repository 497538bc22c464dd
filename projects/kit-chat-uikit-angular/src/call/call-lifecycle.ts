import {KitCallStatus} from '../sdk/models';

/** Where a call stands, seen from one screen. */
export type KitCallPhase =
  'ringing' | 'dialing' | 'accepting' | 'declining' | 'cancelling' | 'ongoing' | 'ended';

/** Why a call (or its screen) ended. */
export type KitCallEndReason =
  | 'rejected'
  | 'cancelled'
  | 'busy'
  | 'unanswered'
  | 'ended'
  | 'failed'
  | 'accepted-elsewhere'
  | 'rejected-elsewhere'
  | 'dismissed';

/** A decision of the user that is sent to the SDK. */
export type KitCallDecision = 'accept' | 'decline' | 'cancel';

const PENDING: Record<KitCallDecision, KitCallPhase> = {
  accept: 'accepting',
  decline: 'declining',
  cancel: 'cancelling',
};

/**
 * @param status A call status from the SDK.
 * @returns The end reason that status stands for, or `null` when the status does not end a call.
 */
export function kitEndReasonOf(status: KitCallStatus | undefined): KitCallEndReason | null {
  switch (status) {
    case 'rejected':
    case 'cancelled':
    case 'busy':
    case 'unanswered':
    case 'ended':
    case 'accepted-elsewhere':
    case 'rejected-elsewhere':
      return status;
    default:
      return null;
  }
}

/**
 * The lifecycle of one call on one screen: a small state machine with no Angular in it.
 *
 * ringing (incoming) or dialing (outgoing) → accepting / declining / cancelling → ongoing → ended(reason).
 * The first decision wins; every way to `ended` runs the registered teardowns exactly once.
 */
export class KitCallLifecycle {
  private _phase: KitCallPhase;
  private _reason: KitCallEndReason | null = null;
  private _teardowns: (() => void)[] = [];

  /**
   * @param direction `'incoming'` starts ringing, `'outgoing'` starts dialing.
   * @param _onChange Called after every change of phase.
   */
  constructor(
    readonly direction: 'incoming' | 'outgoing',
    private readonly _onChange: (
      phase: KitCallPhase,
      reason: KitCallEndReason | null,
    ) => void = () => {},
  ) {
    this._phase = direction === 'incoming' ? 'ringing' : 'dialing';
  }

  /** Current phase. */
  get phase(): KitCallPhase {
    return this._phase;
  }

  /** Why the call ended, once it did. */
  get reason(): KitCallEndReason | null {
    return this._reason;
  }

  /** Whether the call still rings (incoming) or dials (outgoing) with no decision pending. */
  get isRinging(): boolean {
    return this._phase === 'ringing' || this._phase === 'dialing';
  }

  /** Whether a decision was sent and its answer is awaited. */
  get isPending(): boolean {
    return (
      this._phase === 'accepting' || this._phase === 'declining' || this._phase === 'cancelling'
    );
  }

  /** Whether the call ended. */
  get isEnded(): boolean {
    return this._phase === 'ended';
  }

  /**
   * Records a decision of the user. Only the first decision of a ringing call is taken.
   * @param decision `'accept'` or `'decline'` (incoming), `'cancel'` (outgoing).
   * @returns Whether the decision was taken (and must be sent to the SDK).
   */
  begin(decision: KitCallDecision): boolean {
    const allowed = this.direction === 'incoming' ? decision !== 'cancel' : decision === 'cancel';
    if (!allowed || !this.isRinging) {
      return false;
    }
    this._set(PENDING[decision]);
    return true;
  }

  /**
   * The pending decision failed but the call still rings: back to ringing or dialing.
   * @returns Whether the lifecycle went back.
   */
  revert(): boolean {
    if (!this.isPending) {
      return false;
    }
    this._set(this.direction === 'incoming' ? 'ringing' : 'dialing');
    return true;
  }

  /**
   * The call was accepted (here or by the far side).
   * @returns Whether the call became ongoing.
   */
  connect(): boolean {
    const from: KitCallPhase[] =
      this.direction === 'incoming' ? ['ringing', 'accepting'] : ['dialing', 'cancelling'];
    if (!from.includes(this._phase)) {
      return false;
    }
    this._set('ongoing');
    return true;
  }

  /**
   * Ends the call from any phase and runs the teardowns once. Later calls are ignored.
   * @param reason Why it ended.
   * @returns Whether this call ended it.
   */
  end(reason: KitCallEndReason): boolean {
    if (this.isEnded) {
      return false;
    }
    this._reason = reason;
    this._set('ended');
    const teardowns = this._teardowns.reverse();
    this._teardowns = [];
    for (const teardown of teardowns) {
      try {
        teardown();
      } catch (error) {
        // A failing step must not keep the others (stop sound, remove listeners) from running.
        console.error('KitCallLifecycle: a teardown step threw', error);
      }
    }
    return true;
  }

  /**
   * Registers a step of the teardown (stop sound, clear a timer, remove a listener). Runs at once when the call
   * already ended.
   * @param teardown The step.
   */
  onTeardown(teardown: () => void): void {
    if (this.isEnded) {
      teardown();
    } else {
      this._teardowns.push(teardown);
    }
  }

  private _set(phase: KitCallPhase): void {
    this._phase = phase;
    this._onChange(phase, this._reason);
  }
}
