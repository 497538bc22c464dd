import {_IdGenerator} from '@angular/cdk/a11y';
import {NgTemplateOutlet} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  Injector,
  InputSignal,
  ViewEncapsulation,
  afterNextRender,
  computed,
  effect,
  inject,
  input,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import {
  KitAvatarComponent,
  KitCallOverlayRef,
  KitErrorCodes,
  KitException,
  KitGroupCallsSdk,
  KitIconComponent,
  KitParticipant,
  KitUser,
  _KitCallButtonComponent,
  _KitOngoingCallMedia,
  kitLoggedInUser,
} from 'kit-chat-uikit-angular';
import {kitIsGroupCall} from './group-call';
import {KitGroupCallScreens} from './group-call-screens';
import {KitGroupCallsIntl} from './group-calls-intl';
import {KitGroupTile, kitGridLayout, kitStreamHasVideo, kitStreamMuted} from './group-tiles';
import {kitAnnounceParticipants} from './participant-announcer';
import {kitFollowIntl} from './follow-intl';
import {kitSpeaking} from './speaking';
import {kitActiveSpeaker} from './active-speaker';
import {KitGroupStream} from './group-stream';

/** The statuses after which "Ring again" rings someone who is not in the call. */
const RING_AGAIN = ['declined', 'busy', 'unanswered', 'left'];

/**
 * The ongoing screen of a call with several people (`withGroupCalls()`), a part of `<kit-ongoing-call>`: a grid of
 * tiles (each the person's video or avatar, name, muted mark, a ring while they speak; the user's own tile with the
 * self view), a tile pinned on press, the "People" button and its panel (who is in, who still rings, "Ring again",
 * "Add people"), and "Everyone left" when the user stays alone. A call between two people shows none of it.
 * @docs-private
 */
@Component({
  selector: 'kit-group-call-grid',
  templateUrl: 'group-call-grid.html',
  styleUrl: 'group-call-grid.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    KitAvatarComponent,
    KitIconComponent,
    _KitCallButtonComponent,
    NgTemplateOutlet,
    KitGroupStream,
  ],
  host: {class: 'kit-group-call-part'},
})
export class KitGroupCallGridComponent {
  /** The ongoing screen's media. */
  readonly media: InputSignal<_KitOngoingCallMedia> = input.required<_KitOngoingCallMedia>();

  protected readonly intl = inject(KitGroupCallsIntl);
  protected readonly _screens = inject(KitGroupCallScreens);
  readonly #version = kitFollowIntl(this.intl);
  readonly #ids = inject(_IdGenerator);
  readonly #injector = inject(Injector);
  readonly #ref = inject(KitCallOverlayRef, {optional: true});
  protected readonly _panelId = this.#ids.getId('kit-group-call-panel-');
  protected readonly _panelTitleId = `${this._panelId}-title`;
  protected readonly _call = computed(() => {
    const call = this.media().state()?.call;
    return kitIsGroupCall(call) ? call : null;
  });
  readonly #sdk = computed(
    () => this.media().sdk as (_KitOngoingCallMedia['sdk'] & KitGroupCallsSdk) | null,
  );
  readonly #me = computed(() => {
    const sdk = this.#sdk();
    const me = sdk && kitLoggedInUser(sdk);
    return me instanceof KitException ? null : me;
  });
  /** Whether the adapter carries group actions: "Ring again" and "Add people" show only then. */
  protected readonly _canInvite = computed(() => {
    const sdk = this.#sdk();
    return !!sdk?.groupCalls && typeof sdk.inviteToCall === 'function';
  });
  protected readonly _ended = computed(() => this.media().phase() === 'ended');
  protected readonly _pinned = signal<string | null>(null);
  protected readonly _panelOpen = signal(false);
  protected readonly _picking = signal(false);
  protected readonly _candidates = signal<readonly KitUser[]>([]);
  readonly #remoteStreams = signal<ReadonlyMap<string, MediaStream | null>>(new Map());
  readonly #streams = computed(() => {
    const all = new Map(this.#remoteStreams());
    const me = this.#me();
    if (me) {
      all.set(me.uid, this.media().muted() ? null : this.media().localStream());
    }
    return all;
  });
  readonly #speaking = kitSpeaking(this.#streams);

  /** The people in the call (joined), the user's own tile first. */
  protected readonly _tiles = computed<KitGroupTile[]>(() => {
    this.#version();
    const call = this._call();
    if (!call) {
      return [];
    }
    const me = this.#me()?.uid;
    const media = this.media();
    const remote = this.#remoteStreams();
    const speaking = this.#speaking();
    const pinned = this._pinned();
    const joined = (call.participants ?? []).filter(
      ({user, status}) => status === 'joined' || user.uid === me,
    );
    joined.sort((a, b) => +(b.user.uid === me) - +(a.user.uid === me));
    return joined.map(participant => {
      const {uid} = participant.user;
      const self = uid === me;
      const stream = self ? media.localStream() : (remote.get(uid) ?? null);
      const muted = self ? media.muted() : kitStreamMuted(stream);
      const talking = speaking.has(uid);
      const name = self ? this.intl.you : participant.user.name;
      const label = this.intl.tile(name, muted, talking);
      return {
        participant,
        uid,
        name,
        self,
        stream,
        video: media.video() && kitStreamHasVideo(stream),
        muted,
        speaking: talking,
        pinned: pinned === uid,
        label: pinned === uid ? `${label}, ${this.intl.pinned}` : label,
      };
    });
  });
  /** Whether the call is small (docked, popped out): it shows who speaks. */
  protected readonly _docked = computed(
    () => (this.#ref?.displayMode() ?? 'fullscreen') !== 'fullscreen',
  );
  readonly #activeSpeaker = kitActiveSpeaker(
    this.#speaking,
    computed(() => {
      const me = this.#me()?.uid;
      const joined = (this._call()?.participants ?? []).filter(
        ({user, status}) => status === 'joined' && user.uid !== me,
      );
      return new Map(joined.map(({user}) => [user.uid, user.name]));
    }),
    this._docked,
  );
  /** The docked window's speaker: the other person who spoke last. */
  protected readonly _speaker = computed(() => {
    const uid = this.#activeSpeaker();
    return this._tiles().find(tile => tile.uid === uid)?.participant.user ?? null;
  });
  protected readonly _layout = computed(() =>
    this._pinned() && this._tiles().some(tile => tile.pinned)
      ? 'pinned'
      : kitGridLayout(this._tiles().length),
  );
  /** The panel's people: who is in, who still rings, who declined or left. */
  protected readonly _people = computed(() => {
    this.#version();
    const me = this.#me()?.uid;
    return (this._call()?.participants ?? [])
      .filter(({user}) => user.uid !== me)
      .map(({user, status}) => ({
        user,
        status,
        text: this.intl[status],
        again: RING_AGAIN.includes(status),
      }));
  });
  /** "Everyone left": the call ended with the user alone in it. */
  protected readonly _everyoneLeft = computed(
    () =>
      this._ended() &&
      this.media().state()?.endReason === 'ended' &&
      !this._people().some(({status}) => status === 'joined'),
  );

  private readonly _grid = viewChild<ElementRef<HTMLElement>>('grid');
  private readonly _panel = viewChild<ElementRef<HTMLElement>>('panel');
  private readonly _title = viewChild<ElementRef<HTMLElement>>('title');
  private readonly _peopleButton = viewChild(_KitCallButtonComponent);

  constructor() {
    const host: HTMLElement = inject(ElementRef).nativeElement;
    // The grid goes on the stage, the title above the status line and the panel beside them: the part's host sits
    // in the control row, where only its button stays.
    effect(onCleanup => {
      const group = !!this._call();
      const screen = host.closest<HTMLElement>('.kit-ongoing-call');
      if (!screen) {
        return;
      }
      screen.classList.toggle('kit-group-call', group);
      const grid = this._grid()?.nativeElement;
      const title = this._title()?.nativeElement;
      const panel = this._panel()?.nativeElement;
      if (grid) {
        screen.querySelector('.kit-ongoing-call-stage')?.append(grid);
      }
      if (title) {
        screen.querySelector('.kit-ongoing-call-info')?.prepend(title);
      }
      if (panel) {
        screen.append(panel);
      }
      onCleanup(() => screen.classList.remove('kit-group-call'));
    });
    effect(() => {
      const screen = host.closest<HTMLElement>('.kit-ongoing-call');
      screen?.classList.toggle('kit-group-call-everyone-left', this._everyoneLeft());
      // The "People" button says whether its panel is open, and which it is.
      const button = this._peopleButton()?._element();
      button?.setAttribute('aria-expanded', `${this._panelOpen()}`);
      button?.setAttribute('aria-controls', this._panelId);
    });
    // The screen's one far-side element would play a second copy of someone's sound: the tiles play it.
    effect(() => {
      const remote = this.media().remoteVideo()?.nativeElement;
      if (remote && this._call()) {
        remote.muted = true;
      }
    });
    // Each person's stream is asked for every second, as the screen asks for its streams.
    effect(onCleanup => {
      const call = this._call();
      const sdk = this.#sdk();
      const live = !!call && !this._ended() && !!sdk?.getParticipantStream;
      if (!live) {
        return;
      }
      const refresh = () => untracked(() => this.#refreshStreams());
      refresh();
      const timer = setInterval(refresh, 1000);
      onCleanup(() => clearInterval(timer));
    });
    // A pinned person who left is let go.
    effect(() => {
      const pinned = this._pinned();
      if (pinned && !this._tiles().some(tile => tile.uid === pinned)) {
        this._pinned.set(null);
      }
    });
    kitAnnounceParticipants(
      computed(() => this._call()?.participants ?? null),
      () => this.#me()?.uid,
    );
  }

  /** A press on a tile pins it (shown large, the others in a strip); a second press lets it go. @docs-private */
  protected _pin(uid: string): void {
    this._pinned.update(pinned => (pinned === uid ? null : uid));
  }

  /** Opens or closes the panel: focus goes into it (its Close button), and back to "People" after. @docs-private */
  protected _togglePanel(): void {
    const open = !this._panelOpen();
    this._panelOpen.set(open);
    this._picking.set(false);
    afterNextRender(
      () =>
        (open
          ? this._panel()?.nativeElement.querySelector<HTMLElement>('.kit-group-call-panel-close')
          : this._peopleButton()?._element()
        )?.focus(),
      {injector: this.#injector},
    );
  }

  /** Rings people into the call through the adapter's `inviteToCall`. @docs-private */
  protected _invite(users: readonly KitUser[]): void {
    const sdk = this.#sdk();
    const call = this._call();
    if (!sdk?.inviteToCall || !call) {
      return;
    }
    this._picking.set(false);
    sdk.inviteToCall(call.sessionId, users).catch(error => this.#report(error));
  }

  /** "Add people": the app's people to pick from, less those in the call. @docs-private */
  protected async _showCandidates(): Promise<void> {
    const call = this._call();
    const given = this._screens.peopleToAdd();
    if (!call || !given) {
      return;
    }
    this._picking.set(true);
    try {
      const people = typeof given === 'function' ? await given(call) : given;
      const inCall = new Set(
        (call.participants ?? [])
          .filter(({status}) => status === 'joined' || status === 'ringing' || status === 'invited')
          .map(({user}) => user.uid),
      );
      this._candidates.set(people.filter(user => !inCall.has(user.uid)));
    } catch (error) {
      this._candidates.set([]);
      this.#report(error);
    }
  }

  /** @docs-private */
  protected _trackPerson = (_: number, person: {user: KitUser}): string => person.user.uid;

  /** @docs-private */
  protected _tileContext(tile: KitGroupTile) {
    return {
      $implicit: tile.participant as KitParticipant,
      participant: tile.participant,
      stream: tile.stream,
      self: tile.self,
      muted: tile.muted,
      speaking: tile.speaking,
      pinned: tile.pinned,
    };
  }

  #refreshStreams(): void {
    const sdk = this.#sdk();
    const call = this._call();
    if (!sdk?.getParticipantStream || !call) {
      return;
    }
    const me = this.#me()?.uid;
    const next = new Map<string, MediaStream | null>();
    try {
      for (const {user, status} of call.participants ?? []) {
        if (status === 'joined' && user.uid !== me) {
          next.set(user.uid, sdk.getParticipantStream(call.sessionId, user.uid) ?? null);
        }
      }
    } catch (error) {
      this.#report(error);
    }
    const before = this.#remoteStreams();
    if (
      next.size !== before.size ||
      [...next].some(([uid, stream]) => before.get(uid) !== stream)
    ) {
      this.#remoteStreams.set(next);
    }
  }

  #report(error: unknown): void {
    this.media().report(
      KitException.from(
        error,
        KitErrorCodes.SDK,
        typeof ngDevMode === 'undefined' || ngDevMode ? 'A group call action failed' : '',
      ),
    );
  }
}
