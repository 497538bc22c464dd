import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  InputSignal,
  ViewEncapsulation,
  afterRenderEffect,
  computed,
  inject,
  input,
} from '@angular/core';
import {
  KitAvatarComponent,
  KitConstants,
  KitParticipantStatus,
  _KitCallScreenView,
  kitCaller,
  kitReceiver,
} from 'kit-chat-uikit-angular';
import {kitAvatarRow, kitIsGroupCall, kitOthers} from './group-call';
import {KitGroupCallsIntl} from './group-calls-intl';
import {kitAnnounceParticipants} from './participant-announcer';
import {kitFollowIntl} from './follow-intl';

/** The statuses a chip shows on the caller's screen, once someone's status changed to one. */
const CHIPS: readonly KitParticipantStatus[] = ['declined', 'busy', 'unanswered'];
/** The screens the part shows a group call on. */
const SCREENS = ['incoming', 'outgoing'] as const;

/**
 * What the incoming and outgoing screens show of a call with several people (`withGroupCalls()`), in place of the
 * one person's avatar, name and status line. Incoming: "Ada Lovelace is calling Team", the group's picture over
 * the caller's, up to three members and "+N", "Video call · 4 people". Outgoing: the callees' avatars and "+N",
 * "Calling 4 people…", a chip per person who declined, was busy or did not answer, and the group's outcomes
 * ("Declined", "Nobody answered"). A call between two people shows nothing of it. @docs-private
 */
@Component({
  selector: 'kit-group-ringing',
  templateUrl: 'group-ringing-part.html',
  styleUrl: 'group-call.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [KitAvatarComponent],
  host: {class: 'kit-group-ringing'},
})
export class KitGroupRingingComponent {
  /** The screen beside which the part was created. */
  readonly screen: InputSignal<_KitCallScreenView> = input.required<_KitCallScreenView>();

  protected readonly intl = inject(KitGroupCallsIntl);
  readonly #version = kitFollowIntl(this.intl);
  /** Which screen holds the part (`undefined` on the ongoing screen, which has its grid). */
  readonly #kind = computed(() =>
    SCREENS.find(kind => this.screen().host.classList.contains(`kit-${kind}-call`)),
  );
  readonly #state = computed(() => this.screen().state());
  protected readonly _call = computed(() => {
    const call = this.#state()?.call;
    return this.#kind() && kitIsGroupCall(call) ? call : null;
  });
  protected readonly _incoming = computed(() => this.#kind() === 'incoming');

  protected readonly _text = computed(() => {
    this.#version();
    const call = this._call();
    if (!call) {
      return null;
    }
    const intl = this.intl;
    const state = this.#state();
    const caller = kitCaller(call);
    const incoming = this._incoming();
    const me = incoming ? kitReceiver(call).uid : caller.uid;
    const others = kitOthers(call, caller.uid, me);
    const count = call.participants?.length || 2;
    const video = call.type !== KitConstants.CALL_TYPE_AUDIO;
    const reason = state?.endReason;
    const status = incoming
      ? `${video ? intl.videoCall : intl.voiceCall} · ${intl.peopleCount(count)}`
      : reason === 'rejected'
        ? intl.everyoneDeclined
        : reason === 'unanswered'
          ? intl.nobodyAnswered
          : state?.phase === 'dialing'
            ? intl.callingPeople(count - 1)
            : null;
    return {
      caller,
      group: call.group ?? null,
      title: incoming
        ? call.group
          ? intl.callingGroup(caller.name, call.group.name)
          : caller.name
        : (call.group?.name ?? others.map(({user}) => user.name).join(', ')),
      row: kitAvatarRow(others.map(({user}) => user)),
      status,
      chips: incoming
        ? []
        : others
            .filter(({status}) => CHIPS.includes(status))
            .map(({user, status}) => ({user, status, text: intl[status as 'busy']})),
    };
  });

  constructor() {
    const host: HTMLElement = inject(ElementRef).nativeElement;
    // Created beside the screen's host: the part stands where the screen's own avatar, name and status line are
    // (a new call renders them anew), which step aside while it shows a group.
    afterRenderEffect(() => {
      const screen = this.screen().host;
      const text = this._text();
      const kind = this.#kind();
      if (!kind) {
        return; // The ongoing screen: its grid is the group's.
      }
      const place = screen.querySelector(
        kind === 'incoming' ? '.kit-incoming-call-content' : '.kit-outgoing-call-callee',
      );
      if (text && place && host.parentElement !== place) {
        place.append(host);
      }
      screen.classList.toggle('kit-group-call', !!text);
      screen.classList.toggle('kit-group-call-has-status', !!text?.status);
    });
    // Who declined, was busy or did not answer is said on the caller's screen.
    kitAnnounceParticipants(
      computed(() => (this.#kind() === 'outgoing' ? (this._call()?.participants ?? null) : null)),
      () => {
        const call = this._call();
        return call && kitCaller(call).uid;
      },
    );
  }
}
