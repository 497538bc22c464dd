import {
  ChangeDetectionStrategy,
  Component,
  TemplateRef,
  afterNextRender,
  effect,
  inject,
  viewChild,
} from '@angular/core';
import {KitAvatarComponent, KitCall, KitTransfer, KitUser} from 'kit-chat-uikit-angular';
import {KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';
import {DemoContacts} from './contacts';
import {DemoLog} from './demo-log';
import {DemoSettings} from './demo-settings';
import {DemoEventLog} from './event-log';
import {DemoFarSide} from './far-side';
import {DemoRecentCalls} from './recent-calls';
import {DEMO_PEOPLE, demoMe, demoReachable, demoUser} from './people';
import {DemoSettingsPanel} from './settings';
import {DemoTeam} from './team';
import {demoSipServer} from './sip-mode';

/**
 * Whether Call back on a missed call's notification opened this page (`withPushCalls()` takes the nonce out of the
 * address before the app starts, so it is read when this module loads): the kit calls the caller, and the missed
 * call's ring is not played again.
 */
const OPENED_TO_CALL_BACK = new URLSearchParams(globalThis.location?.search ?? '').has(
  'kitCallBack',
);

/**
 * The demo: I am logged in as one user (`?user=<uid>`), call the others, and the far-side panel plays them.
 * `?ring=<uid>&type=video` rings me as soon as the page is up (for screenshots and tests). In SIP mode (`?sip=`)
 * the page says so, lists only the people who can be reached, and has no far-side panel.
 */
@Component({
  selector: 'demo-root',
  imports: [
    KitAvatarComponent,
    DemoContacts,
    DemoFarSide,
    DemoSettingsPanel,
    DemoEventLog,
    DemoRecentCalls,
    DemoTeam,
  ],
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
  /** The SIP proxy in SIP mode (`?sip=`), else `null`: the in-memory switchboard. */
  protected readonly sipServer = demoSipServer();
  /** The people to open the demo as (over SIP, only those who can be reached: the tab users). */
  protected readonly others = demoReachable(this.me, this.sipServer !== null);
  /** The other tab user, for the two-tab hint. */
  protected readonly partner = this.others.find(person => !person.simulated) ?? this.others[0];

  constructor() {
    // "Transfer" offers the people this demo can reach (the screen leaves out the call's own people). Over SIP that
    // is everyone in the directory: whoever has a tab open as them answers (three tabs: Grace hands Linus to Ada);
    // nobody else is registered, and the call comes back (404).
    inject(KitTransfer).people.set(demoReachable(this.me, false).map(demoUser));
    effect(() => this._settings.titleTemplate.set(this._vipTitle()));
    afterNextRender(() => this._ringFromUrl());
  }

  /**
   * The link that opens the demo as someone else, in the same mode: `sip` (and `audioOnly`) stay, so the other tab
   * registers with the same proxy; a start-up ring (`ring`, `type`) does not.
   */
  protected linkAs(uid: string): string {
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    params.delete('ring');
    params.delete('type');
    params.delete('call');
    params.set('user', uid);
    return `?${params}`;
  }

  /** The person at the other end of a call, seen from this tab. */
  protected otherParty(call: KitCall): KitUser {
    return call.callInitiator.uid === this.me.uid ? call.callReceiver : call.callInitiator;
  }

  private _ringFromUrl(): void {
    if (this.sipServer || OPENED_TO_CALL_BACK) {
      return; // Nobody plays the far side over SIP; a call back is no ring.
    }
    const params = new URLSearchParams(location.search);
    const caller = DEMO_PEOPLE.find(
      person => person.uid === params.get('ring') && person.uid !== this.me.uid,
    );
    if (caller) {
      const type = params.get('type') === 'video' ? 'video' : 'audio';
      // `&call=<id>`: the call a notification announced (Close this tab, then ring me), which its Accept answers.
      const sessionId = params.get('call')?.slice(0, 256) ?? '';
      this._switchboard.control
        .ring(demoUser(caller), demoUser(this.me), type, sessionId)
        .catch(error => this._log.error(error));
    }
  }
}
