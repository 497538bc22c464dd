import {ChangeDetectionStrategy, Component, inject, input} from '@angular/core';
import {MatButtonModule} from '@angular/material/button';
import {
  KitAvatarComponent,
  KitCallOverlay,
  KitCallType,
  KitIconComponent,
} from 'kit-chat-uikit-angular';
import {DemoLog} from './demo-log';
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
  imports: [MatButtonModule, KitAvatarComponent, KitIconComponent],
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
          <div class="demo-row-actions">
            <button
              mat-flat-button
              type="button"
              [attr.data-testid]="'call-voice-' + person.uid"
              [attr.aria-label]="'Voice call ' + person.name"
              (click)="call(person, 'audio')"
            >
              <kit-icon matButtonIcon name="call" />
              Voice
            </button>
            <button
              mat-stroked-button
              type="button"
              [attr.data-testid]="'call-video-' + person.uid"
              [attr.aria-label]="'Video call ' + person.name"
              (click)="call(person, 'video')"
            >
              <kit-icon matButtonIcon name="videocam" />
              Video
            </button>
          </div>
        </li>
      }
    </ul>
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoContacts {
  private readonly _overlay = inject(KitCallOverlay);
  private readonly _log = inject(DemoLog);
  private readonly _settings = inject(DemoSettings);

  /** The logged-in user. */
  readonly me = input.required<DemoPerson>();

  private readonly _sip = demoSipServer() !== null;

  protected people(): DemoPerson[] {
    return demoReachable(this.me(), this._sip);
  }

  protected hint(person: DemoPerson): string {
    if (!person.simulated) {
      return `Answers from their own tab (open as ${person.name.split(' ')[0]})${this._sip ? ', over SIP' : ''}`;
    }
    return `Played here: ${ANSWER_TEXT[this._settings.state().answers[person.uid] ?? 'never']}`;
  }

  protected call(person: DemoPerson, type: KitCallType): void {
    this._overlay.startCall(demoUser(person), type).catch(error => this._log.error(error));
  }
}
