import {LiveAnnouncer} from '@angular/cdk/a11y';
import {
  ChangeDetectionStrategy,
  Component,
  InputSignal,
  ViewEncapsulation,
  computed,
  effect,
  inject,
  input,
  untracked,
} from '@angular/core';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitOngoingCallMedia} from '../ongoing-call/ongoing-call-media';
import {KitCallRegistry} from '../registry/call-registry';
import {KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';
import {kitCaller, kitReceiver} from '../sdk/validation';
import {KitHoldIntl} from './hold-intl';

/**
 * The hold button of the ongoing screen (added by `withHold()`): "Hold", and "Resume" while the user holds the call
 * (drawn pressed; its name says what it does, so it is no toggle), unavailable while a hold or resume is on its way. It puts "On hold" (or "Ada put you on hold") after the screen's
 * time and says each change to screen readers. Not shown with an adapter that has no `hold` and `unhold`.
 * @docs-private
 */
@Component({
  selector: 'kit-hold',
  templateUrl: 'hold.html',
  styleUrl: 'hold.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {
    class: 'kit-hold',
    '[attr.hidden]': 'media().sdk?.hold && media().sdk?.unhold ? null : ""',
  },
})
export class KitHoldComponent {
  /** The call's media, as the ongoing screen shows it. */
  readonly media: InputSignal<KitOngoingCallMedia> = input.required<KitOngoingCallMedia>();
  protected readonly intl = inject(KitHoldIntl);
  readonly #registry = inject(KitCallRegistry);
  /** Whether the user holds the call (or asked to): the button reads "Resume", drawn pressed. */
  protected readonly _held = computed(() => {
    const hold = this.media().state()?.hold;
    return hold === 'held' || hold === 'holding';
  });
  /** Whether the button can act now: the call is live and no hold or resume is on its way. */
  protected readonly _usable = computed(() => {
    const state = this.media().state();
    return state?.phase === 'ongoing' && !state.reconnecting && !/ing$/.test(state.hold ?? '');
  });

  constructor() {
    kitFollowIntl(this.intl);
    const announcer = inject(LiveAnnouncer);
    // The line after the time, said once each time it changes ("Call resumed" once it goes).
    effect(() => {
      const media = this.media();
      const state = media.state();
      const note =
        state?.phase !== 'ongoing'
          ? ''
          : state.transferTo
            ? this.intl.transferringTo(state.transferTo.name)
            : state.hold === 'held' || state.hold === 'resuming'
              ? this.intl.onHold
              : state.heldByPeer
                ? this.intl.heldBy(this.#other(state.call))
                : '';
      untracked(() => {
        const before = media.note();
        if (note !== before) {
          media.note.set(note);
          const said = note || (state?.phase === 'ongoing' ? this.intl.resumed : '');
          if (said) {
            void announcer.announce(said, 'polite');
          }
        }
      });
    });
  }

  /** Holds the call, or takes it off hold. @docs-private */
  protected _toggle(): void {
    if (this._usable()) {
      void this.#registry.find(this.media().sessionId())?.hold?.(!this._held());
    }
  }

  /** @returns The name of the person on the other end of the call. */
  #other(call: KitCall): string {
    const me = this.#registry.me();
    const caller = kitCaller(call);
    return (!(me instanceof KitException) && caller.uid === me.uid ? kitReceiver(call) : caller)
      .name;
  }
}
