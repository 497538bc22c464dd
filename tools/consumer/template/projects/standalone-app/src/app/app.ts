import {ChangeDetectionStrategy, Component, inject, signal} from '@angular/core';
import {KitAvatarComponent, KitException} from 'kit-chat-uikit-angular';
import {KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';
import {ADA, ME} from './people';

/** The app: the kit rings by itself in an overlay; the page only has a way to make Ada call. */
@Component({
  selector: 'app-root',
  imports: [KitAvatarComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <header>
      <kit-avatar [name]="me.name" />
      <p>Logged in as {{ me.name }}</p>
      <button type="button" (click)="adaRings()">Ada rings me</button>
    </header>
    @if (lastError(); as message) {
      <p role="status">{{ message }}</p>
    }
  `,
})
export class App {
  private readonly _switchboard = inject(KitInMemorySwitchboard);
  protected readonly me = ME;
  protected readonly lastError = signal<string | null>(null);

  protected adaRings(): void {
    this._switchboard.control
      .ring(ADA, ME, 'video')
      .catch((error: KitException) => this.lastError.set(error.message));
  }
}
