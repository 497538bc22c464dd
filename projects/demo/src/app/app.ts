import {ChangeDetectionStrategy, Component, DestroyRef, inject, signal} from '@angular/core';
import {takeUntilDestroyed} from '@angular/core/rxjs-interop';
import {MatButtonModule} from '@angular/material/button';
import {
  KitAvatarComponent,
  KitCall,
  KitCallEventsService,
  KitCallsSdk,
  KitException,
  KitInMemorySwitchboard,
} from 'kit-chat-uikit-angular';
import {merge, map} from 'rxjs';
import {DEMO_ME, DEMO_PEOPLE} from './people';

interface LogLine {
  readonly time: string;
  readonly text: string;
}

/** The demo: one logged-in user, the far side played by the in-memory switchboard, and a log of call events. */
@Component({
  selector: 'demo-root',
  imports: [MatButtonModule, KitAvatarComponent],
  templateUrl: './app.html',
  styleUrl: './app.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoApp {
  private readonly _switchboard = inject(KitInMemorySwitchboard);
  private readonly _sdk = inject(KitCallsSdk);
  protected readonly me = DEMO_ME;
  protected readonly people = DEMO_PEOPLE;
  protected readonly log = signal<LogLine[]>([]);
  protected readonly lastCall = signal<KitCall | null>(null);

  constructor() {
    this._switchboard.control.addUsers(...DEMO_PEOPLE);
    const events = inject(KitCallEventsService);
    merge(
      events.ccCallAccepted.pipe(map(call => ['ccCallAccepted', call] as const)),
      events.ccCallRejected.pipe(map(call => ['ccCallRejected', call] as const)),
      events.ccCallEnded.pipe(map(call => ['ccCallEnded', call] as const)),
      events.ccOutgoingCall.pipe(map(call => ['ccOutgoingCall', call] as const)),
    )
      .pipe(takeUntilDestroyed())
      .subscribe(([name, call]) =>
        this._write(`${name}: ${call.sessionId} (${call.status ?? 'no status'})`),
      );
    const listenerId = 'demo-log';
    this._sdk.addCallListener(listenerId, {
      onIncomingCallReceived: call => {
        this.lastCall.set(call);
        this._write(`Incoming ${call.type} call from ${call.callInitiator.name}`);
      },
      onIncomingCallCancelled: call =>
        this._write(`Call ${call.sessionId} stopped ringing (${call.status})`),
      onCallEnded: call => this._write(`Call ${call.sessionId} ended`),
    });
    inject(DestroyRef).onDestroy(() => this._sdk.removeCallListener(listenerId));
  }

  /** A person of the far side rings me. */
  protected ring(personUid: string, type: 'audio' | 'video'): void {
    const person = this.people.find(p => p.uid === personUid);
    if (person) {
      this._switchboard.control
        .ring(person, this.me, type)
        .catch((error: KitException) => this._write(error.message));
    }
  }

  /** The caller of the last call cancels it. */
  protected cancelLast(): void {
    const call = this.lastCall();
    if (call) {
      this._switchboard.control
        .cancel(call.sessionId)
        .catch((error: KitException) => this._write(error.message));
    }
  }

  private _write(text: string): void {
    const time = new Date().toLocaleTimeString();
    this.log.update(lines => [{time, text}, ...lines].slice(0, 50));
  }
}
