import {ChangeDetectionStrategy, Component, inject} from '@angular/core';
import {MatButtonModule} from '@angular/material/button';
import {KitCallLog, KitCallLogComponent} from 'kit-chat-uikit-angular/call-log';

/** The user's calls (`<kit-call-log>` of `kit-chat-uikit-angular/call-log`), with the missed-call badge. */
@Component({
  selector: 'demo-recent-calls',
  imports: [MatButtonModule, KitCallLogComponent],
  template: `
    <div class="demo-log-header">
      <h2 id="recent-calls-title">
        Recent calls
        @if (log.missedCount()) {
          <span class="demo-missed-badge" data-testid="missed-badge" aria-hidden="true">{{
            log.missedCount()
          }}</span>
          <span class="demo-visually-hidden"> ({{ log.missedCount() }} missed)</span>
        }
      </h2>
      <button
        mat-button
        type="button"
        data-testid="call-log-seen"
        [disabled]="log.missedCount() === 0"
        (click)="log.markSeen()"
      >
        Mark seen
      </button>
    </div>
    <kit-call-log data-testid="call-log" />
  `,
  styles: `
    .demo-missed-badge {
      display: inline-block;
      min-inline-size: 1.5em;
      padding-inline: 6px;
      border-radius: 12px;
      background: var(--mat-sys-error);
      color: var(--mat-sys-on-error);
      font: var(--mat-sys-label-medium);
      text-align: center;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoRecentCalls {
  protected readonly log = inject(KitCallLog);
}
