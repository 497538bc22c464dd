import {ChangeDetectionStrategy, Component, computed, inject, input} from '@angular/core';
import {KitAvatarComponent, KitCallButtonsComponent, KitUser} from 'kit-chat-uikit-angular';
import {DemoSettings} from './demo-settings';
import {DemoPerson, demoReachable, demoUser} from './people';
import {demoSipServer} from './sip-mode';

const ANSWER_TEXT: Record<string, string> = {
  accept: 'answers after a moment',
  reject: 'declines after a moment',
  busy: 'answers busy',
  never: 'lets it ring',
};

/** The people I can call, by voice or by video. */
@Component({
  selector: 'demo-contacts',
  imports: [KitAvatarComponent, KitCallButtonsComponent],
  template: `
    <h2 id="contacts-title">Call someone</h2>
    <ul class="demo-list" aria-labelledby="contacts-title">
      @for (person of people(); track person.uid) {
        <li class="demo-row">
          <kit-avatar [name]="person.name" [avatarUrl]="person.avatar" />
          <div class="demo-row-text">
            <span class="demo-row-name">{{ person.name }}</span>
            <span class="demo-row-hint">{{ hint(person) }}</span>
          </div>
          <!-- The kit's call buttons: e2e finds the voice one of call-ada as "call-voice-ada". -->
          <kit-call-buttons
            labelled
            [user]="person.user"
            [attr.data-testid]="'call-' + person.uid"
          />
        </li>
      }
    </ul>
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoContacts {
  private readonly _settings = inject(DemoSettings);

  /** The logged-in user. */
  readonly me = input.required<DemoPerson>();

  private readonly _sip = demoSipServer() !== null;

  /** The people, each with the user the call buttons call (made once, not at every check). */
  protected readonly people = computed<(DemoPerson & {user: KitUser})[]>(() =>
    demoReachable(this.me(), this._sip).map(person => ({...person, user: demoUser(person)})),
  );

  protected hint(person: DemoPerson): string {
    if (!person.simulated) {
      return `Answers from their own tab (open as ${person.name.split(' ')[0]})${this._sip ? ', over SIP' : ''}`;
    }
    return `Played here: ${ANSWER_TEXT[this._settings.state().answers[person.uid] ?? 'never']}`;
  }
}
