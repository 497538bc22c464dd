import {Injectable, Injector, inject} from '@angular/core';
import {
  KitCall,
  KitCallStatus,
  KitCallsSdk,
  KitGroupCallsSdk,
  KitParticipant,
  _KitGroupEngine,
  _KitGroupSession,
  kitCaller,
  kitReceiver,
} from 'kit-chat-uikit-angular';
import {kitIsGroupCall} from './group-call';
import {KitGroupCalls} from './group-calls';
import {kitNextParticipants} from './participant-table';

// The engine of calls with several people: it hears the SDK's news of a group call before the call switch routes
// it, keeps the session's call current (its people, its group: a new call object each time, so the screens
// re-render), and turns the people's statuses into the call's own events, which the call's table then decides
// (src/session/call-session-table*.ts): the first person who joins connects the call, everyone declining or
// nobody answering ends it with that outcome, and the last one left alone hears it end. Internal to the entry.

/**
 * How a call nobody joined ends, from its callees' answers: `rejected` ("Declined") when someone declined,
 * `busy` when everyone was busy, otherwise `unanswered` ("Nobody answered").
 * @param callees The callees, none of whom rings or joined any more.
 * @returns The call's status.
 */
export function kitGroupOutcome(callees: readonly KitParticipant[]): KitCallStatus {
  const all = (status: string) => callees.every(p => p.status === status);
  return callees.some(p => p.status === 'declined')
    ? 'rejected'
    : all('busy')
      ? 'busy'
      : 'unanswered';
}

/** Whether a person still stands to join: invited, or ringing. */
const PENDING: readonly string[] = ['invited', 'ringing'];

/** The engine `withGroupCalls()` plugs into the call switch and the sessions. @docs-private */
@Injectable()
export class KitGroupEngine implements _KitGroupEngine {
  readonly #sdk = inject(KitCallsSdk, {optional: true}) as (KitCallsSdk & KitGroupCallsSdk) | null;
  readonly #injector = inject(Injector);

  hear(name: string, session: _KitGroupSession, call: KitCall): boolean {
    const known = session.state.call;
    const participants = name === 'onParticipantsChanged' || name === 'onOutgoingCallRejected';
    if (!name || (!kitIsGroupCall(known) && !kitIsGroupCall(call))) {
      // The engine's own word to the session; a call between two people behaves as it always did.
      return false;
    }
    if (session.state.done) {
      return participants;
    }
    const now: KitCall = {
      ...known,
      participants: kitNextParticipants(
        known.participants ?? [],
        call.participants ?? known.participants ?? [],
      ),
      group: call.group === undefined ? known.group : call.group,
    };
    session._set({call: now});
    if (participants) {
      // One callee's "rejected" is that person's answer, never the call's end (stream-video-swift #901): the
      // people's statuses decide.
      this.#decide(session, now);
    }
    return participants;
  }

  end(call: KitCall): Promise<unknown> | null {
    const sdk = this.#sdk;
    return kitIsGroupCall(call) && sdk?.leaveCall ? sdk.leaveCall(call.sessionId) : null;
  }

  join(sessionId: string, config?: object): Promise<unknown> {
    return this.#injector.get(KitGroupCalls).joinCall(sessionId, config);
  }

  again(call: KitCall): boolean {
    if (!kitIsGroupCall(call)) {
      return false;
    }
    // "Call again" on a group's outcome rings every callee of the call, and its group, again.
    const me = kitCaller(call).uid;
    const people = (call.participants ?? []).map(p => p.user).filter(user => user.uid !== me);
    void this.#injector.get(KitGroupCalls).startCall({people, group: call.group}, call.type);
    return true;
  }

  /** The call's own event the people's statuses make, if any: its table decides what it does. */
  #decide(session: _KitGroupSession, call: KitCall): void {
    const outgoing = session.direction === 'outgoing';
    const me = (outgoing ? kitCaller(call) : kitReceiver(call)).uid;
    const others = (call.participants ?? []).filter(p => p.user.uid !== me);
    const joined = others.some(p => p.status === 'joined');
    const pending = others.some(p => PENDING.includes(p.status));
    let status: KitCallStatus | undefined = call.status;
    let news: Parameters<_KitGroupSession['_hear']>[0] | null = null;
    if (session.state.connected) {
      // The last one alone: the call ends ("Everyone left"), unless someone still rings.
      [news, status] = !joined && !pending ? ['remoteEnded', 'ended'] : [null, status];
    } else if (outgoing) {
      // The first person who joins connects the call; the others ring on.
      [news, status] = joined
        ? ['remoteAccepted', 'ongoing']
        : !pending && others.length
          ? ['remoteRejected', kitGroupOutcome(others)]
          : others.some(p => p.status === 'ringing')
            ? ['remoteRinging', status]
            : [null, status];
    }
    if (news && session.can(news)) {
      session._hear(news, {...call, status});
    }
  }
}
