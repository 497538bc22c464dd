import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Component, TemplateRef, signal, viewChild} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {KitCall, KitCallsIntl, KitUser} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitOutgoingCallComponent} from './outgoing-call';
import {
  KitOutgoingCallAvatar,
  KitOutgoingCallContext,
  KitOutgoingCallEndCall,
  KitOutgoingCallSubtitle,
  KitOutgoingCallTitle,
} from './outgoing-call-slots';

const ada: KitUser = {uid: 'ada', name: 'Ada Lovelace', avatar: 'https://example.test/ada.png'};
type Slot = TemplateRef<KitOutgoingCallContext> | null | undefined;

@Component({
  imports: [
    KitOutgoingCallComponent,
    KitOutgoingCallTitle,
    KitOutgoingCallSubtitle,
    KitOutgoingCallAvatar,
    KitOutgoingCallEndCall,
  ],
  template: `
    <button id="opener" type="button">Call Ada</button>
    @if (shown()) {
      <kit-outgoing-call
        [call]="call()"
        [titleView]="titleView()"
        [subtitleView]="subtitleView()"
        [avatarView]="avatarView()"
        [endCallView]="endCallView()"
        [styleClass]="styleClass()"
        [backgroundColor]="backgroundColor()"
        [titleTextColor]="titleTextColor()"
        [titleTextAppearance]="titleTextAppearance()"
        [subtitleTextColor]="subtitleTextColor()"
        [subtitleTextAppearance]="subtitleTextAppearance()"
        [endCallIcon]="endCallIcon()"
        [endCallIconTint]="endCallIconTint()"
        [endCallButtonBackgroundColor]="endCallButtonBackgroundColor()"
        [avatarStyle]="avatarStyle()"
        [cornerRadius]="cornerRadius()"
        [strokeWidth]="strokeWidth()"
        [strokeColor]="strokeColor()"
        (closed)="closed.push($event)"
      >
        @if (useContent()) {
          <ng-template kitOutgoingCallTitle let-user="user"
            >content title {{ user.name }}</ng-template
          >
          <ng-template kitOutgoingCallSubtitle let-call
            >content subtitle {{ call.type }}</ng-template
          >
          <ng-template kitOutgoingCallAvatar let-user="user"
            >content avatar {{ user.uid }}</ng-template
          >
          <ng-template kitOutgoingCallEndCall let-endCall="endCall">
            <button class="custom-end" type="button" (click)="endCall()">Hang up</button>
          </ng-template>
        }
      </kit-outgoing-call>
    }
    <ng-template #customTitle let-call let-user="user">
      <span class="custom-title">{{ user.name }} / {{ call.sessionId }}</span>
    </ng-template>
  `,
})
class ViewHost {
  readonly shown = signal(true);
  readonly call = signal<KitCall | null>(null);
  readonly useContent = signal(false);
  readonly titleView = signal<Slot>(undefined);
  readonly subtitleView = signal<Slot>(undefined);
  readonly avatarView = signal<Slot>(undefined);
  readonly endCallView = signal<Slot>(undefined);
  readonly styleClass = signal<string | null>(null);
  readonly backgroundColor = signal<string | null>(null);
  readonly titleTextColor = signal<string | null>(null);
  readonly titleTextAppearance = signal<string | null>(null);
  readonly subtitleTextColor = signal<string | null>(null);
  readonly subtitleTextAppearance = signal<string | null>(null);
  readonly endCallIcon = signal<string | null>(null);
  readonly endCallIconTint = signal<string | null>(null);
  readonly endCallButtonBackgroundColor = signal<string | null>(null);
  readonly avatarStyle = signal<string | null>(null);
  readonly cornerRadius = signal<number | string | null>(null);
  readonly strokeWidth = signal<number | string | null>(null);
  readonly strokeColor = signal<string | null>(null);
  readonly customTitle = viewChild.required<TemplateRef<KitOutgoingCallContext>>('customTitle');
  readonly closed: string[] = [];
}

async function settle(fixture: ComponentFixture<unknown>): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise(resolve => setTimeout(resolve, 0));
    await fixture.whenStable();
  }
}

async function render(callee: KitUser = ada, configure: (host: ViewHost) => void = () => {}) {
  TestBed.configureTestingModule({
    providers: [provideKitCallsTesting({config: {autoRing: false}})],
  });
  const calls = TestBed.inject(KitCallsTestingController);
  const call = await calls.sdk.initiateCall({
    sessionId: '',
    type: 'video',
    sender: calls.me,
    callInitiator: calls.me,
    receiver: callee,
    callReceiver: callee,
  });
  const fixture = TestBed.createComponent(ViewHost);
  const host = fixture.componentInstance;
  host.call.set(call);
  configure(host);
  await settle(fixture);
  const element = (): HTMLElement => fixture.nativeElement.querySelector('kit-outgoing-call');
  const part = (name: string) => element().querySelector<HTMLElement>(`.kit-outgoing-call-${name}`);
  return {fixture, host, calls, call, element, part};
}

describe('KitOutgoingCallComponent: what it shows (spec §4.1)', () => {
  it("should show the receiver's name and avatar taken from the call", async () => {
    const {part, element} = await render();
    expect(part('title')?.textContent?.trim()).toBe('Ada Lovelace');
    expect(element().querySelector('kit-avatar')?.getAttribute('aria-label')).toBe('Ada Lovelace');
    expect(element().querySelector('kit-avatar img')?.getAttribute('src')).toBe(ada.avatar);
    expect(part('subtitle')?.textContent?.trim()).toBe('Calling…');
  });

  it('should render a name as text, never as HTML', async () => {
    const {part} = await render({uid: 'x', name: '<img src=x onerror=alert(1)>'});
    expect(part('title')?.querySelector('img')).toBeNull();
    expect(part('title')?.textContent?.trim()).toBe('<img src=x onerror=alert(1)>');
  });

  it('should fall back to initials when the avatar URL is broken', async () => {
    const {fixture, element} = await render({...ada, avatar: 'broken.png'});
    element().querySelector('kit-avatar img')!.dispatchEvent(new Event('error'));
    await settle(fixture);
    expect(element().querySelector('kit-avatar')?.textContent?.trim()).toBe('AL');
  });

  it('should follow a change of the strings', async () => {
    const {fixture, part} = await render();
    const intl = TestBed.inject(KitCallsIntl);
    intl.calling = 'Llamando…';
    intl.endCall = 'Colgar';
    intl.changes.next();
    await settle(fixture);
    expect(part('subtitle')?.textContent?.trim()).toBe('Llamando…');
    expect(part('end-call-text')?.textContent).toBe('Colgar');
  });
});

describe('KitOutgoingCallComponent: style inputs (spec §4.1)', () => {
  it('should set each color and size input as the matching theme token on the host', async () => {
    const {element} = await render(ada, host => {
      host.backgroundColor.set('rgb(1, 2, 3)');
      host.titleTextColor.set('red');
      host.subtitleTextColor.set('blue');
      host.endCallIconTint.set('white');
      host.endCallButtonBackgroundColor.set('darkred');
      host.cornerRadius.set(12);
      host.strokeWidth.set('0.5rem');
      host.strokeColor.set('green');
    });
    const token = (name: string) =>
      element().style.getPropertyValue(`--kit-outgoing-call-${name}`).trim();
    expect(token('background-color')).toBe('rgb(1, 2, 3)');
    expect(token('title-text-color')).toBe('red');
    expect(token('subtitle-text-color')).toBe('blue');
    expect(token('end-call-icon-tint')).toBe('white');
    expect(token('end-call-button-background-color')).toBe('darkred');
    expect(token('corner-radius')).toBe('12px');
    expect(token('stroke-width')).toBe('0.5rem');
    expect(token('stroke-color')).toBe('green');
  });

  it('should leave the theme tokens alone when the style inputs are not set', async () => {
    const {element} = await render();
    expect(element().getAttribute('style') ?? '').not.toContain('--kit-outgoing-call');
    expect(element().className).toBe('kit-outgoing-call kit-outgoing-call-dialing');
  });

  it('should put the class inputs on the host, the title, the status line and the avatar', async () => {
    const {element, part} = await render(ada, host => {
      host.styleClass.set('my-call-style');
      host.titleTextAppearance.set('my-title-font');
      host.subtitleTextAppearance.set('my-subtitle-font');
      host.avatarStyle.set('my-avatar');
    });
    expect(element().classList).toContain('my-call-style');
    expect(element().classList).toContain('kit-outgoing-call');
    expect(part('title')?.classList).toContain('my-title-font');
    expect(part('subtitle')?.classList).toContain('my-subtitle-font');
    expect(element().querySelector('kit-avatar')?.classList).toContain('my-avatar');
    expect(element().querySelector('kit-avatar')?.classList).toContain('kit-avatar');
  });

  it('should replace the end-call icon with the endCallIcon image', async () => {
    const {part} = await render(ada, host => host.endCallIcon.set('https://example.test/end.svg'));
    const button = part('end-call-button')!;
    expect(button.querySelector('kit-icon')).toBeNull();
    expect(
      part('end-call-image')?.style.getPropertyValue('--kit-outgoing-call-end-call-image'),
    ).toBe('url("https://example.test/end.svg")');
  });
});

describe('KitOutgoingCallComponent: slots (spec §4.1 slot rules)', () => {
  it('should render a slot template from an input with the call, the user and endCall', async () => {
    const {fixture, host, call, part, element} = await render();
    host.titleView.set(host.customTitle());
    await settle(fixture);
    expect(part('title')).toBeNull();
    expect(element().querySelector('.custom-title')?.textContent).toBe(
      `Ada Lovelace / ${call.sessionId}`,
    );
  });

  it('should render content templates, and let a custom end call end the call', async () => {
    const {fixture, host, calls, call, element} = await render(ada, h => h.useContent.set(true));
    const text = element().textContent ?? '';
    expect(text).toContain('content title Ada Lovelace');
    expect(text).toContain('content subtitle video');
    expect(text).toContain('content avatar ada');
    expect(element().querySelector('kit-avatar')).toBeNull();
    element().querySelector<HTMLButtonElement>('.custom-end')!.click();
    await settle(fixture);
    expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('cancelled');
    expect(host.closed).toEqual(['cancelled']);
  });

  it('should cancel once when a custom end call is pressed again while the cancel is on its way', async () => {
    const {fixture, host, calls, call, element} = await render(ada, h => h.useContent.set(true));
    const clicks = jest.fn();
    fixture.debugElement
      .query(debug => debug.name === 'kit-outgoing-call')
      .componentInstance.endCallClick.subscribe(clicks);
    const rejectCall = jest.spyOn(calls.sdk, 'rejectCall');
    calls.farSide.setLatency(40);
    element().querySelector<HTMLButtonElement>('.custom-end')!.click();
    await fixture.whenStable();
    // A later tick: the template's own button is still there (the kit cannot disable it).
    element().querySelector<HTMLButtonElement>('.custom-end')!.click();
    await new Promise(resolve => setTimeout(resolve, 120));
    await settle(fixture);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(rejectCall).toHaveBeenCalledTimes(1);
    expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('cancelled');
    expect(host.closed).toEqual(['cancelled']);
  });

  it('should prefer the input template over the content template', async () => {
    const {fixture, host, element} = await render(ada, h => h.useContent.set(true));
    host.titleView.set(host.customTitle());
    await settle(fixture);
    expect(element().querySelector('.custom-title')).not.toBeNull();
    expect(element().textContent).not.toContain('content title');
  });

  it('should leave a slot empty when its input is null', async () => {
    const {part, element} = await render(ada, host => {
      host.useContent.set(true);
      host.titleView.set(null);
      host.subtitleView.set(null);
      host.avatarView.set(null);
      host.endCallView.set(null);
    });
    expect(part('title')).toBeNull();
    expect(part('subtitle')).toBeNull();
    expect(element().querySelector('kit-avatar')).toBeNull();
    expect(element().querySelector('button')).toBeNull();
    expect(element().textContent).not.toContain('content');
  });
});

describe('KitOutgoingCallComponent: accessibility (spec §4.4)', () => {
  it('should be a modal dialog labelled "Calling <name>", a label out of sight', async () => {
    const {element} = await render();
    expect(element().getAttribute('role')).toBe('dialog');
    expect(element().getAttribute('aria-modal')).toBe('true');
    const labelId = element().getAttribute('aria-labelledby')!;
    const label = document.getElementById(labelId)!;
    expect(label.textContent).toBe('Calling Ada Lovelace');
    // Clipped to 1 px by the CDK's visually-hidden styles, which the screen loads.
    expect(getComputedStyle(label).position).toBe('absolute');
    expect(getComputedStyle(label).width).toBe('1px');
    const statusId = element().getAttribute('aria-describedby')!;
    expect(document.getElementById(statusId)?.textContent?.trim()).toBe('Calling…');
  });

  it('should give every instance its own ids', async () => {
    const first = await render();
    const second = TestBed.createComponent(ViewHost);
    second.componentInstance.call.set(first.call);
    await settle(second);
    const otherLabel = second.nativeElement
      .querySelector('kit-outgoing-call')
      .getAttribute('aria-labelledby');
    expect(otherLabel).not.toBe(first.element().getAttribute('aria-labelledby'));
  });

  it('should announce the call once', async () => {
    const announce = jest.spyOn(LiveAnnouncer.prototype, 'announce');
    const {fixture, host} = await render();
    host.backgroundColor.set('red');
    await settle(fixture);
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce).toHaveBeenCalledWith('Calling Ada Lovelace', 'polite');
    announce.mockRestore();
  });

  it('should label the end-call button with the name, and focus it when shown', async () => {
    const {part} = await render();
    const button = part('end-call-button') as HTMLButtonElement;
    expect(button.tagName).toBe('BUTTON');
    expect(button.type).toBe('button');
    expect(button.getAttribute('aria-label')).toBe('End call with Ada Lovelace');
    expect(document.activeElement).toBe(button);
  });

  it('should cut a long name with an ellipsis but keep it whole in the labels', async () => {
    const name = 'Augusta Ada King, Countess of Lovelace, née Byron, of Ockham Park';
    const {part, element} = await render({uid: 'long', name});
    expect(part('title')?.textContent?.trim()).toBe(name);
    expect(part('end-call-button')?.getAttribute('aria-label')).toBe(`End call with ${name}`);
    expect(element().querySelector('kit-avatar')?.getAttribute('aria-label')).toBe(name);
  });

  it('should give focus back to where it was when the screen closes, and when destroyed', async () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const {fixture, host, part} = await render();
    expect(document.activeElement).toBe(part('end-call-button'));
    part('end-call-button')!.click();
    await settle(fixture);
    expect(host.closed).toEqual(['cancelled']);
    expect(document.activeElement).toBe(opener);

    part('end-call-button')!.focus();
    host.shown.set(false);
    await settle(fixture);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
