import {ChangeDetectionStrategy, Component, DestroyRef, inject, input, signal} from '@angular/core';
import {MatButtonModule} from '@angular/material/button';
import {
  KitAvatarComponent,
  KitCall,
  KitCallOverlay,
  KitCallType,
  KitCallsSdk,
  KitParticipantStatus,
} from 'kit-chat-uikit-angular';
import {KitGroupCallScreens} from 'kit-chat-uikit-angular/group';
import {KitInMemorySwitchboard, kitInMemoryGroupCalls} from 'kit-chat-uikit-angular/in-memory';
import {DemoLog, demoDescribeCall} from './demo-log';
import {DEMO_PEOPLE, DEMO_TEAM, DEMO_TEAM_MEMBERS, DemoPerson, demoUser} from './people';

/** What the far side makes a member of the team do in the newest group call. */
type DemoMemberMove = 'accept' | 'reject' | 'busy' | 'noAnswer' | 'leave';

/** The moves, in the order of the buttons. */
const MOVES: readonly {move: DemoMemberMove; label: string}[] = [
  {move: 'accept', label: 'Accept'},
  {move: 'reject', label: 'Decline'},
  {move: 'busy', label: 'Busy'},
  {move: 'noAnswer', label: 'No answer'},
  {move: 'leave', label: 'Leave'},
];

/**
 * The Team: a group of four people. "Call the team" rings the others at once (a group call, `withGroupCalls()`);
 * on the in-memory switchboard, the far side makes each simulated member accept, decline, be busy, not answer or
 * leave the newest group call, and a member can ring the team, me included.
 */
@Component({
  selector: 'demo-team',
  imports: [MatButtonModule, KitAvatarComponent],
  template: `
    <h2 id="team-title">{{ team.name }}</h2>
    <p class="demo-help">
      {{ members.length }} people: {{ names }}. A call to the team rings everyone else at once.
    </p>
    <div class="demo-actions">
      <button
        mat-flat-button
        type="button"
        data-testid="call-team-voice"
        (click)="callTheTeam('audio')"
      >
        Call the team by voice
      </button>
      <button
        mat-flat-button
        type="button"
        data-testid="call-team-video"
        (click)="callTheTeam('video')"
      >
        Call the team by video
      </button>
    </div>
    @if (!sip()) {
      <h3 class="demo-subtitle" id="team-far-title">The team's far side</h3>
      <p class="demo-help" data-testid="team-call-status">{{ callStatus() }}</p>
      <ul class="demo-list" aria-labelledby="team-far-title">
        @for (person of simulated(); track person.uid) {
          <li class="demo-row" [attr.data-testid]="'team-member-' + person.uid">
            <kit-avatar [name]="person.name" [avatarUrl]="person.avatar" />
            <div class="demo-row-text">
              <span class="demo-row-name">{{ person.name }}</span>
              <span class="demo-row-hint" [attr.data-testid]="'team-status-' + person.uid">
                {{ statusOf(person.uid) }}
              </span>
            </div>
            <div class="demo-row-actions" role="group" [attr.aria-label]="person.name">
              @for (each of moves; track each.move) {
                <button
                  mat-button
                  type="button"
                  [attr.data-testid]="'team-' + each.move + '-' + person.uid"
                  (click)="play(person, each.move)"
                >
                  {{ each.label }}
                </button>
              }
            </div>
          </li>
        }
      </ul>
      @if (simulated()[0]; as first) {
        <button mat-stroked-button type="button" data-testid="team-ring-me" (click)="ringMe(first)">
          {{ first.name.split(' ')[0] }} calls the team (me included)
        </button>
      }
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoTeam {
  private readonly _switchboard = inject(KitInMemorySwitchboard);
  /** The far side of the switchboard's group calls (turned on by the app's config). */
  private readonly _team = kitInMemoryGroupCalls(this._switchboard);
  private readonly _sdk = inject(KitCallsSdk);
  private readonly _overlay = inject(KitCallOverlay);
  private readonly _log = inject(DemoLog);
  /** Bumped on every call news, so the members' statuses are read again. */
  private readonly _version = signal(0);

  protected readonly team = DEMO_TEAM;
  protected readonly members = DEMO_TEAM_MEMBERS;
  protected readonly names = DEMO_TEAM_MEMBERS.map(person => person.name.split(' ')[0]).join(', ');
  protected readonly moves = MOVES;

  /** The logged-in user. */
  readonly me = input.required<DemoPerson>();
  /** Whether the demo runs over SIP, where nobody plays the far side. */
  readonly sip = input(false);

  constructor() {
    const bump = () => this._version.update(version => version + 1);
    const listenerId = 'demo-team';
    this._sdk.addCallListener(listenerId, {
      onIncomingCallReceived: bump,
      onIncomingCallCancelled: bump,
      onOutgoingCallAccepted: bump,
      onOutgoingCallRejected: bump,
      onCallEnded: bump,
      onParticipantsChanged: bump,
    });
    inject(DestroyRef).onDestroy(() => this._sdk.removeCallListener(listenerId));
    // "Add people" in a group call offers the demo's directory (the screens leave out who is in it or rings).
    inject(KitGroupCallScreens).peopleToAdd.set(DEMO_PEOPLE.map(demoUser));
  }

  /** The simulated members (played by this tab), not me. */
  protected simulated(): DemoPerson[] {
    return this.members.filter(person => person.simulated && person.uid !== this.me().uid);
  }

  /** The newest group call still ringing or going on, if any. */
  protected groupCall(): KitCall | undefined {
    this._version();
    return this._switchboard
      .calls()
      .reverse()
      .find(
        call => call.participants && (call.status === 'initiated' || call.status === 'ongoing'),
      );
  }

  protected callStatus(): string {
    const call = this.groupCall();
    return call
      ? `Group call ${call.status === 'ongoing' ? 'going on' : 'ringing'}, placed by ${call.callInitiator.name}.`
      : 'No group call now.';
  }

  protected statusOf(uid: string): KitParticipantStatus | 'not in a call' {
    return (
      this.groupCall()?.participants?.find(person => person.user.uid === uid)?.status ??
      'not in a call'
    );
  }

  /**
   * Rings the team: the SDK places the call with the team's people and group, and the outgoing screen shows it.
   * @param type `'audio'` or `'video'`.
   */
  protected async callTheTeam(type: KitCallType): Promise<void> {
    const me = demoUser(this.me());
    const others = this.members.filter(person => person.uid !== me.uid).map(demoUser);
    try {
      const call = await this._sdk.initiateCall({
        sessionId: '',
        type,
        sender: me,
        callInitiator: me,
        receiver: others[0],
        callReceiver: others[0],
        participants: others.map(user => ({user, status: 'invited'})),
        group: DEMO_TEAM,
      });
      this._overlay.openOutgoingCall(call);
    } catch (error) {
      this._log.error(error);
    }
  }

  /** A member of the team rings it (me included). */
  protected ringMe(person: DemoPerson): void {
    this._team
      .ringGroup(demoUser(person), DEMO_TEAM, 'video')
      .then(() => this._version.update(version => version + 1))
      .catch(error => this._log.error(error));
  }

  /** The far side makes a member act on the newest group call. */
  protected play(person: DemoPerson, move: DemoMemberMove): void {
    const call = this.groupCall();
    if (!call) {
      this._log.write('info', 'Far side', 'No group call now: call the team first.');
      return;
    }
    this._team[move](call.sessionId, person.uid).then(
      result => {
        this._log.write('info', 'Far side', `${person.name}: ${move}. ${demoDescribeCall(result)}`);
        this._version.update(version => version + 1);
      },
      error => this._log.error(error),
    );
  }
}
