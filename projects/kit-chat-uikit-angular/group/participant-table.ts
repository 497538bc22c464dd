import type {KitParticipant, KitParticipantStatus} from 'kit-chat-uikit-angular';

// The participant table: where each person of a call with several people stands, as data beside the call's
// table (src/session/call-session-table*.ts). A person's status x the status the SDK reports for them -> their
// next status; every other cell is written down as ignored (a stale or repeated report). The call's own
// outcomes (connected, declined, nobody answered, everyone left) are read from the statuses this table keeps
// (group-engine.ts). Internal to the entry.

/** Where a person stands, or `absent`: not in the call yet (added by someone, or a late report). */
export type KitParticipantStep = KitParticipantStatus | 'absent';

/** A person's rows: the reported status -> their next status. */
type Rows = Readonly<Partial<Record<KitParticipantStatus, KitParticipantStatus>>>;

/** Rung again (an invite) or in the call after all (`joinCall`, a late accept): back in. */
const BACK_IN: Rows = {invited: 'invited', joined: 'joined'};

/** The answers to a ring: they join, decline, are busy, its time-out (`unanswered`), or it was withdrawn (`left`). */
const ANSWERS: Rows = {
  joined: 'joined',
  declined: 'declined',
  busy: 'busy',
  unanswered: 'unanswered',
  left: 'left',
};

/** Every person's status x reported status that does something. */
export const KIT_PARTICIPANT_TABLE: Readonly<Record<KitParticipantStep, Rows>> = {
  // Someone new enters as the SDK reports them.
  absent: {invited: 'invited', ringing: 'ringing', ...ANSWERS},
  invited: {ringing: 'ringing', ...ANSWERS},
  // Their device rings until one of the answers.
  ringing: ANSWERS,
  // In the call: only leaving changes it (a late "ringing" or "declined" of the same ring is stale).
  joined: {left: 'left'},
  declined: BACK_IN,
  busy: BACK_IN,
  unanswered: BACK_IN,
  left: BACK_IN,
};

/**
 * The cells each status ignores on purpose: the table's empty cells, written down (the spec checks that every
 * cell is a row or an ignore).
 */
export const KIT_PARTICIPANT_IGNORES: Readonly<
  Record<KitParticipantStep, readonly KitParticipantStatus[]>
> = {
  absent: [],
  // Reported invited again: still the same invitation.
  invited: ['invited'],
  // A ring reported again, or reported invited late.
  ringing: ['invited', 'ringing'],
  joined: ['invited', 'ringing', 'joined', 'declined', 'busy', 'unanswered'],
  // Over for this ring: a late report of the same ring changes nothing (a new ring starts `invited`).
  declined: ['ringing', 'declined', 'busy', 'unanswered', 'left'],
  busy: ['ringing', 'declined', 'busy', 'unanswered', 'left'],
  unanswered: ['ringing', 'declined', 'busy', 'unanswered', 'left'],
  left: ['ringing', 'declined', 'busy', 'unanswered', 'left'],
};

/**
 * @param from Where a person stands.
 * @param reported What the SDK reports.
 * @returns Where they stand now (the same, for an ignored cell).
 */
export function kitParticipantStep(
  from: KitParticipantStep,
  reported: KitParticipantStatus,
): KitParticipantStep {
  return KIT_PARTICIPANT_TABLE[from][reported] ?? from;
}

/**
 * The people of a call after the SDK's news: everyone known, in their order, then the new people, each moved by
 * the table from where they stood (a person the news leaves out stays as they were: an event's call may carry
 * only some).
 * @param known The people as the session knows them.
 * @param news The people as the SDK reports them.
 * @returns The people now.
 */
export function kitNextParticipants(
  known: readonly KitParticipant[],
  news: readonly KitParticipant[],
): KitParticipant[] {
  const reported = new Map(news.map(p => [p.user.uid, p] as const));
  const now = known.map(p => {
    const report = reported.get(p.user.uid);
    reported.delete(p.user.uid);
    return report
      ? {
          user: report.user,
          status: kitParticipantStep(p.status, report.status) as KitParticipantStatus,
        }
      : p;
  });
  return [...now, ...reported.values()];
}
