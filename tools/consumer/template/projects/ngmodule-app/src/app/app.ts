import {ChangeDetectionStrategy, Component, inject, signal} from '@angular/core';
import {KitCall, KitCallEndReason, KitException, KitUser} from 'kit-chat-uikit-angular';
import {KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';

export const ME: KitUser = {uid: 'grace', name: 'Grace Hopper'};
export const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

/** A module-declared component that uses the screens exported by `KitCallsModule`. */
@Component({
  selector: 'app-root',
  standalone: false,
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <header>
      <kit-avatar [name]="me.name" />
      <p>Logged in as {{ me.name }}</p>
      <button type="button" (click)="adaRings()">Ada rings me</button>
    </header>
    @if (ongoing(); as call) {
      <kit-ongoing-call [call]="call" (closed)="ended($event)" />
    } @else {
      <kit-incoming-call (accepted)="ongoing.set($event)" (error)="lastError.set($event.message)" />
    }
    @if (lastError(); as message) {
      <p role="status">{{ message }}</p>
    }
  `,
})
export class AppComponent {
  private readonly _switchboard = inject(KitInMemorySwitchboard);
  protected readonly me = ME;
  protected readonly ongoing = signal<KitCall | null>(null);
  protected readonly lastError = signal<string | null>(null);

  protected adaRings(): void {
    this._switchboard.control
      .ring(ADA, ME, 'video')
      .catch((error: KitException) => this.lastError.set(error.message));
  }

  protected ended(reason: KitCallEndReason): void {
    this.ongoing.set(null);
    this.lastError.set(`Call ended (${reason})`);
  }
}
