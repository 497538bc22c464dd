import {Component, signal} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {KitIconName} from '../icon/icon';
import {KitCallButton} from './call-button';

@Component({
  imports: [KitCallButton],
  template: `
    <kit-call-button
      class="app-host"
      buttonClass="app-button"
      textClass="app-text"
      [icon]="icon()"
      [label]="label()"
      [ariaLabel]="ariaLabel()"
      [labelPosition]="position()"
      [disabled]="disabled()"
      (press)="presses = presses + 1"
    >
      @if (!icon()) {
        <span class="app-image"></span>
      }
    </kit-call-button>
  `,
})
class Host {
  readonly icon = signal<KitIconName | null>('callEnd');
  readonly label = signal('Decline');
  readonly ariaLabel = signal<string | null>('Decline voice call from Ada');
  readonly position = signal<'inside' | 'below'>('inside');
  readonly disabled = signal(false);
  presses = 0;
}

async function render(change?: (host: Host) => void) {
  const fixture = TestBed.createComponent(Host);
  change?.(fixture.componentInstance);
  await fixture.whenStable();
  const element: HTMLElement = fixture.nativeElement;
  return {
    fixture,
    host: fixture.componentInstance,
    element,
    button: () => element.querySelector<HTMLButtonElement>('kit-call-button > button')!,
  };
}

describe('KitCallButton', () => {
  it('should render a native button with its accessible name, its label inside and its icon', async () => {
    const {button} = await render();
    expect(button().type).toBe('button');
    expect(button().getAttribute('aria-label')).toBe('Decline voice call from Ada');
    expect(button().textContent?.trim()).toBe('Decline');
    expect(button().querySelector('kit-icon path')?.getAttribute('d')).toBeTruthy();
    expect(button().classList).toContain('app-button');
    expect(button().querySelector('.app-text')?.textContent).toBe('Decline');
  });

  it('should put the label under a round button, hidden from screen readers (the name says it)', async () => {
    const {element, button} = await render(host => host.position.set('below'));
    const label = element.querySelector('kit-call-button > .app-text')!;
    expect(label.textContent).toBe('Decline');
    expect(label.getAttribute('aria-hidden')).toBe('true');
    expect(button().textContent?.trim()).toBe('');
    expect(button().classList).toContain('kit-call-button-round');
    expect(element.querySelector('kit-call-button')?.classList).toContain('app-host');
  });

  it('should take the label as its accessible name when no other is given', async () => {
    const {button} = await render(host => {
      host.ariaLabel.set(null);
      host.position.set('below');
    });
    expect(button().getAttribute('aria-label')).toBe('Decline');
  });

  it('should emit a press when clicked', async () => {
    const {host, button} = await render();
    button().click();
    expect(host.presses).toBe(1);
  });

  it('should stay focusable and say it is disabled, and not emit a press, while disabled', async () => {
    const {fixture, host, button} = await render(h => h.disabled.set(true));
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(button().disabled).toBe(false);
    button().focus();
    expect(document.activeElement).toBe(button());
    button().click();
    expect(host.presses).toBe(0);

    host.disabled.set(false);
    await fixture.whenStable();
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    button().click();
    expect(host.presses).toBe(1);
  });

  it("should show the app's image in place of the icon", async () => {
    const {button} = await render(host => host.icon.set(null));
    expect(button().querySelector('kit-icon')).toBeNull();
    expect(button().querySelector('.app-image')).not.toBeNull();
  });

  it('should give every Material role in its stylesheet a literal fallback', () => {
    const scss = readFileSync(join(__dirname, 'call-button.scss'), 'utf8');
    expect(scss.match(/var\(--mat-sys-[a-z-]+\)/g) ?? []).toEqual([]);
  });
});
