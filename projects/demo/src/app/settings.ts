import {ChangeDetectionStrategy, Component, inject} from '@angular/core';
import {MatButtonToggleModule} from '@angular/material/button-toggle';
import {MatSlideToggleModule} from '@angular/material/slide-toggle';
import {KitRingReadinessComponent} from 'kit-chat-uikit-angular';
import {DemoBusyPolicy, DemoSettings, DemoTheme} from './demo-settings';
import {DemoRingtoneOutput} from './ringtone-output';

/** Sound, ringtone, busy policy, theme and the custom slot. */
@Component({
  selector: 'demo-settings',
  imports: [
    MatSlideToggleModule,
    MatButtonToggleModule,
    KitRingReadinessComponent,
    DemoRingtoneOutput,
  ],
  template: `
    @let state = settings.state();
    <h2 id="settings-title">Settings</h2>
    <!-- Whether calls will be heard here, and one button for what is missing. -->
    <kit-ring-readiness class="demo-ring-readiness" data-testid="ring-readiness" />
    <div class="demo-settings">
      <mat-slide-toggle
        data-testid="toggle-sound"
        [checked]="state.sound"
        (change)="settings.update({sound: $event.checked})"
      >
        Ringtone and ringback sound
      </mat-slide-toggle>
      <mat-slide-toggle
        data-testid="custom-ringtone"
        [checked]="state.customRingtone"
        [disabled]="!state.sound"
        (change)="settings.update({customRingtone: $event.checked})"
      >
        Custom ringtone (a chime shipped with the demo)
      </mat-slide-toggle>
      <mat-slide-toggle
        data-testid="toggle-slot"
        [checked]="state.slot"
        (change)="settings.update({slot: $event.checked})"
      >
        Custom title slot (name with a VIP badge)
      </mat-slide-toggle>
      <p class="demo-help">Sound and slot settings apply from the next call.</p>
      <demo-ringtone-output />

      <div class="demo-setting">
        <span class="demo-setting-label" id="busy-policy-label"
          >A second call while a call screen is open</span
        >
        <mat-button-toggle-group
          data-testid="busy-policy"
          aria-labelledby="busy-policy-label"
          hideSingleSelectionIndicator
          [value]="settings.busyPolicy"
          (change)="changeBusyPolicy($event.value)"
        >
          <mat-button-toggle value="busy" data-testid="busy-policy-busy"
            >Answer busy</mat-button-toggle
          >
          <mat-button-toggle value="wait" data-testid="busy-policy-wait"
            >Call waiting</mat-button-toggle
          >
        </mat-button-toggle-group>
        <p class="demo-help">
          Answer it busy, or show a call-waiting banner. Try it by letting someone ring you, or by
          calling someone, then ringing yourself from someone else or from another tab. The policy
          is part of the configuration given to
          <code>provideKitUIKit</code>: changing it reloads the page.
        </p>
      </div>

      <div class="demo-setting">
        <span class="demo-setting-label" id="theme-label">Theme</span>
        <mat-button-toggle-group
          data-testid="theme"
          aria-labelledby="theme-label"
          hideSingleSelectionIndicator
          [value]="state.theme"
          (change)="setTheme($event.value)"
        >
          <mat-button-toggle value="light" data-testid="theme-light">Light</mat-button-toggle>
          <mat-button-toggle value="dark" data-testid="theme-dark">Dark</mat-button-toggle>
          <mat-button-toggle value="brand" data-testid="theme-brand">Brand</mat-button-toggle>
        </mat-button-toggle-group>
        <p class="demo-help">The brand theme is made with the kit's Sass mixins.</p>
      </div>
    </div>
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoSettingsPanel {
  protected readonly settings = inject(DemoSettings);

  protected setTheme(theme: DemoTheme): void {
    this.settings.update({theme});
  }

  protected changeBusyPolicy(policy: DemoBusyPolicy): void {
    this.settings.changeBusyPolicy(policy);
  }
}
