import {ChangeDetectionStrategy, Component, inject} from '@angular/core';
import {MatButtonModule} from '@angular/material/button';
import {DemoLog} from './demo-log';

/** The live log of call events and errors, newest first. */
@Component({
  selector: 'demo-event-log',
  imports: [MatButtonModule],
  template: `
    <div class="demo-log-header">
      <h2 id="log-title">Call events</h2>
      <button
        mat-button
        type="button"
        data-testid="event-log-clear"
        [disabled]="log.lines().length === 0"
        (click)="log.clear()"
      >
        Clear
      </button>
    </div>
    <ol class="demo-log" data-testid="event-log" aria-live="polite" aria-labelledby="log-title">
      @for (line of log.lines(); track line.id) {
        <li class="demo-log-line" [class]="'demo-log-' + line.kind" [attr.data-event]="line.name">
          <time>{{ line.time }}</time>
          <span class="demo-log-name">{{ line.name }}</span>
          <span class="demo-log-text">{{ line.text }}</span>
        </li>
      } @empty {
        <li class="demo-log-empty">
          Events of <code>KitCallEventsService</code> and errors appear here as calls happen.
        </li>
      }
    </ol>
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoEventLog {
  protected readonly log = inject(DemoLog);
}
