import {
  ChangeDetectionStrategy,
  Component,
  TemplateRef,
  afterNextRender,
  effect,
  inject,
  viewChild,
} from '@angular/core';
import {KitAvatarComponent, KitCall, KitUser} from 'kit-chat-uikit-angular';
import {KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';
import {DemoContacts} from './contacts';
import {DemoLog} from './demo-log';
import {DemoSettings} from './demo-settings';
import {DemoEventLog} from './event-log';
import {DemoFarSide} from './far-side';
import {DEMO_PEOPLE, demoMe, demoUser} from './people';
import {DemoSettingsPanel} from './settings';

/**
 * The demo: I am logged in as one user (`?user=<uid>`), call the others, and the far-side panel plays them.
 * `?ring=<uid>&type=video` rings me as soon as the page is up (for screenshots and tests).
 */
@Component({
  selector: 'demo-root',
  imports: [KitAvatarComponent, DemoContacts, DemoFarSide, DemoSettingsPanel, DemoEventLog],
  templateUrl: './app.html',
  styleUrl: './app.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoApp {
  private readonly _settings = inject(DemoSettings);
  private readonly _switchboard = inject(KitInMemorySwitchboard);
  private readonly _log = inject(DemoLog);
  private readonly _vipTitle = viewChild.required<TemplateRef<unknown>>('vipTitle');
  protected readonly me = demoMe();
  protected readonly others = DEMO_PEOPLE.filter(person => person.uid !== this.me.uid);
  /** The other tab user, for the two-tab hint. */
  protected readonly partner = this.others.find(person => !person.simulated) ?? this.others[0];

  constructor() {
    effect(() => this._settings.titleTemplate.set(this._vipTitle()));
    afterNextRender(() => this._ringFromUrl());
  }

  /** The link that opens the demo as someone else. */
  protected linkAs(uid: string): string {
    return `?user=${encodeURIComponent(uid)}`;
  }

  /** The person at the other end of a call, seen from this tab. */
  protected otherParty(call: KitCall): KitUser {
    return call.callInitiator.uid === this.me.uid ? call.callReceiver : call.callInitiator;
  }

  private _ringFromUrl(): void {
    const params = new URLSearchParams(location.search);
    const caller = DEMO_PEOPLE.find(
      person => person.uid === params.get('ring') && person.uid !== this.me.uid,
    );
    if (caller) {
      const type = params.get('type') === 'video' ? 'video' : 'audio';
      this._switchboard.control
        .ring(demoUser(caller), demoUser(this.me), type)
        .catch(error => this._log.error(error));
    }
  }
}
