import {Component} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {KitCallButtonComponent} from './call-button';

/** A call button with the inputs of a decline button; `inputs` change or add to them. */
async function render(inputs: Partial<Record<keyof KitCallButtonComponent, unknown>> = {}) {
  const fixture: ComponentFixture<KitCallButtonComponent> =
    TestBed.createComponent(KitCallButtonComponent);
  const all = {
    icon: 'callEnd',
    label: 'Decline',
    ariaLabel: 'Decline voice call from Ada',
    buttonClass: 'app-button',
    textClass: 'app-text',
    ...inputs,
  };
  Object.entries(all).forEach(([name, value]) => fixture.componentRef.setInput(name, value));
  let presses = 0;
  fixture.componentInstance.press.subscribe(() => presses++);
  await fixture.whenStable();
  const element: HTMLElement = fixture.nativeElement;
  return {
    fixture,
    element,
    presses: () => presses,
    button: () => element.querySelector<HTMLButtonElement>(':scope > button')!,
  };
}

@Component({
  imports: [KitCallButtonComponent],
  template: `<kit-call-button label="Hang up"><span class="app-image"></span></kit-call-button>`,
})
class WithImage {}

@Component({
  imports: [KitCallButtonComponent],
  template: `<kit-call-button
    labelPosition="below"
    textClass="app-text"
    [label]="label"
    [ariaLabel]="name"
  />`,
})
class Below {
  label = 'Decline';
  name: string | null = 'Decline voice call from Ada';
}

/** A call button with its label below, in a host: `labelPosition` is a static attribute. */
async function renderBelow(name: string | null = 'Decline voice call from Ada') {
  const fixture = TestBed.createComponent(Below);
  fixture.componentInstance.name = name;
  await fixture.whenStable();
  const element: HTMLElement = fixture.nativeElement.querySelector('kit-call-button');
  return {element, button: () => element.querySelector<HTMLButtonElement>(':scope > button')!};
}

describe('KitCallButtonComponent', () => {
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
    const {element, button} = await renderBelow();
    const label = element.querySelector(':scope > .app-text')!;
    expect(label.textContent).toBe('Decline');
    expect(label.getAttribute('aria-hidden')).toBe('true');
    expect(button().textContent?.trim()).toBe('');
  });

  it('should take the label as its accessible name when no other is given', async () => {
    const {button} = await renderBelow(null);
    expect(button().getAttribute('aria-label')).toBe('Decline');
  });

  it('should emit a press when clicked', async () => {
    const {presses, button} = await render();
    button().click();
    expect(presses()).toBe(1);
  });

  it('should stay focusable and say it is disabled, and not emit a press, while disabled', async () => {
    const {fixture, presses, button} = await render({disabled: true});
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(button().disabled).toBe(false);
    button().focus();
    expect(document.activeElement).toBe(button());
    button().click();
    expect(presses()).toBe(0);

    fixture.componentRef.setInput('disabled', false);
    await fixture.whenStable();
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    button().click();
    expect(presses()).toBe(1);
  });

  it("should show the app's image in place of the icon", async () => {
    const fixture = TestBed.createComponent(WithImage);
    await fixture.whenStable();
    const button = (fixture.nativeElement as HTMLElement).querySelector(
      'kit-call-button > button',
    )!;
    expect(button.querySelector('kit-icon')).toBeNull();
    expect(button.querySelector('.app-image')).not.toBeNull();
    expect(button.getAttribute('aria-label')).toBe('Hang up');
  });

  it('should give every Material role in its stylesheet a literal fallback', () => {
    const scss = readFileSync(join(__dirname, 'call-button.scss'), 'utf8');
    expect(scss.match(/var\(--mat-sys-[a-z-]+\)/g) ?? []).toEqual([]);
  });
});
