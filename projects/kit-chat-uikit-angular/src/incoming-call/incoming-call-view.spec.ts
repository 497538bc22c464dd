import {Component, TemplateRef, signal, viewChild} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {KitCall, KitCallsIntl, KitException, KitUser} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitIncomingCallComponent} from './incoming-call';
import {
  KitIncomingCallContext,
  KitIncomingCallItem,
  KitIncomingCallLeading,
  KitIncomingCallSubtitle,
  KitIncomingCallTitle,
  KitIncomingCallTrailing,
} from './incoming-call-slots';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace', avatar: 'https://example.test/ada.png'};

type Slot = TemplateRef<KitIncomingCallContext> | null | undefined;

@Component({
  imports: [
    KitIncomingCallComponent,
    KitIncomingCallItem,
    KitIncomingCallLeading,
    KitIncomingCallTitle,
    KitIncomingCallSubtitle,
    KitIncomingCallTrailing,
  ],
  template: `
    <kit-incoming-call [titleView]="titleView()" [trailingView]="trailingView()">
      @if (useDirectives()) {
        <ng-template kitIncomingCallLeading let-call>
          <span class="app-leading">{{ call.sender.uid }}</span>
        </ng-template>
        <ng-template kitIncomingCallTitle let-call>
          <span class="app-title">Call from {{ call.callInitiator.name }}</span>
        </ng-template>
        <ng-template kitIncomingCallSubtitle let-call="call">
          <span class="app-subtitle">{{ call.type }}</span>
        </ng-template>
        <ng-template kitIncomingCallTrailing let-accept="accept" let-reject="reject">
          <button type="button" class="app-accept" (click)="accept()">Yes</button>
          <button type="button" class="app-reject" (click)="reject()">No</button>
        </ng-template>
      }
      @if (useItem()) {
        <ng-template kitIncomingCallItem let-call let-accept="accept">
          <button type="button" class="app-item" (click)="accept()">{{ call.sender.name }}</button>
        </ng-template>
      }
    </kit-incoming-call>
    <ng-template #inputTitle let-call
      ><b class="app-input-title">{{ call.sender.name }}!</b></ng-template
    >
  `,
})
class SlotHost {
  readonly screen = viewChild.required(KitIncomingCallComponent);
  readonly inputTitle = viewChild.required<TemplateRef<KitIncomingCallContext>>('inputTitle');
  readonly useDirectives = signal(false);
  readonly useItem = signal(false);
  readonly titleView = signal<Slot>(undefined);
  readonly trailingView = signal<Slot>(undefined);
}

async function settle(fixture: ComponentFixture<unknown>): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise(resolve => setTimeout(resolve));
    await fixture.whenStable();
  }
}

/** Renders the component on its own, with inputs set through setInput. */
async function render(inputs: Record<string, unknown> = {}) {
  TestBed.configureTestingModule({
    providers: [provideKitCallsTesting({config: {autoRing: false}})],
  });
  const calls = TestBed.inject(KitCallsTestingController);
  const fixture = TestBed.createComponent(KitIncomingCallComponent);
  Object.entries(inputs).forEach(([name, value]) => fixture.componentRef.setInput(name, value));
  const errors: KitException[] = [];
  fixture.componentInstance.error.subscribe(error => errors.push(error));
  await fixture.whenStable();
  const host = fixture.nativeElement as HTMLElement;
  const ring = async (from: KitUser = ADA, type = 'audio'): Promise<KitCall> => {
    const call = await calls.farSide.ring(from, calls.me, type);
    await settle(fixture);
    return call;
  };
  return {fixture, calls, host, errors, ring, settle: () => settle(fixture)};
}

describe('KitIncomingCallComponent: view', () => {
  describe('default content (spec §1, §2)', () => {
    it('should show the caller avatar, name and a voice call line with the voice icon', async () => {
      const {host, ring} = await render();
      await ring(ADA, 'audio');
      expect(host.querySelector('kit-avatar')?.getAttribute('aria-label')).toBe('Ada Lovelace');
      expect(host.querySelector('kit-avatar img')?.getAttribute('src')).toBe(ADA.avatar);
      expect(host.querySelector('.kit-incoming-call-subtitle')?.textContent?.trim()).toBe(
        'Incoming voice call',
      );
      expect(host.querySelector('.kit-incoming-call-type-icon path')?.getAttribute('d')).toMatch(
        /^M20\.01/,
      );
    });

    it('should treat any type other than audio as video', async () => {
      const {host, ring} = await render();
      await ring(ADA, 'conference');
      expect(host.querySelector('.kit-incoming-call-subtitle')?.textContent?.trim()).toBe(
        'Incoming video call',
      );
      expect(host.classList).toContain('kit-incoming-call-video');
    });

    it('should render a name as text, never as HTML, and keep a long name whole for screen readers', async () => {
      const name = '<img src=x onerror=alert(1)> ' + 'Very Long Name '.repeat(10).trim();
      const {host, ring} = await render();
      await ring({uid: 'evil', name});
      const title = host.querySelector('.kit-incoming-call-title')!;
      expect(title.querySelector('img')).toBeNull();
      expect(title.textContent?.trim()).toBe(name);
      expect(
        host.querySelector('.kit-incoming-call-accept-button')?.getAttribute('aria-label'),
      ).toBe(`Accept voice call from ${name}`);
    });

    it('should fall back to initials when the avatar image fails', async () => {
      const {host, ring, settle} = await render();
      await ring();
      host.querySelector('kit-avatar img')!.dispatchEvent(new Event('error'));
      await settle();
      expect(host.querySelector('kit-avatar')?.textContent?.trim()).toBe('AL');
    });

    it('should render the strings of KitCallsIntl, again when they change', async () => {
      const {host, ring, settle} = await render();
      await ring();
      const intl = TestBed.inject(KitCallsIntl);
      intl.accept = 'Annehmen';
      intl.changes.next();
      await settle();
      expect(host.querySelector('.kit-incoming-call-accept-button')?.textContent?.trim()).toBe(
        'Annehmen',
      );
    });

    it('should give access to its parts through getBinding()', async () => {
      const {fixture, host, ring} = await render();
      await ring();
      const binding = fixture.componentInstance.getBinding();
      expect(binding.root).toBe(host);
      expect(binding.avatar?.tagName).toBe('KIT-AVATAR');
      expect(binding.title?.textContent?.trim()).toBe('Ada Lovelace');
      expect(binding.subtitle?.classList).toContain('kit-incoming-call-subtitle');
      expect(binding.acceptButton?.type).toBe('button');
      expect(binding.rejectButton?.classList).toContain('kit-incoming-call-reject-button');
    });
  });

  describe('style inputs (spec §4.2)', () => {
    it('should set each color and size input as the matching CSS custom property', async () => {
      const {host, ring} = await render({
        backgroundColor: 'rgb(1, 1, 1)',
        titleTextColor: 'red',
        subtitleTextColor: 'blue',
        iconTint: 'green',
        acceptCallButtonBackgroundColor: 'lime',
        rejectCallButtonBackgroundColor: 'maroon',
        acceptButtonTextColor: 'white',
        rejectButtonTextColor: 'black',
        cornerRadius: 12,
        strokeWidth: '0.5rem',
        strokeColor: 'gray',
      });
      await ring();
      const token = (name: string) => host.style.getPropertyValue(`--kit-incoming-call-${name}`);
      expect(token('background-color')).toBe('rgb(1, 1, 1)');
      expect(token('title-text-color')).toBe('red');
      expect(token('subtitle-text-color')).toBe('blue');
      expect(token('icon-tint')).toBe('green');
      expect(token('accept-button-background-color')).toBe('lime');
      expect(token('reject-button-background-color')).toBe('maroon');
      expect(token('accept-button-text-color')).toBe('white');
      expect(token('reject-button-text-color')).toBe('black');
      expect(token('corner-radius')).toBe('12px');
      expect(token('stroke-width')).toBe('0.5rem');
      expect(token('stroke-color')).toBe('gray');
    });

    it('should put the appearance, avatar and style classes on their parts', async () => {
      const {host, ring} = await render({
        styleClass: 'app-theme',
        titleTextAppearance: 'app-title-font',
        subtitleTextAppearance: 'app-subtitle-font',
        acceptButtonTextAppearance: 'app-accept-font',
        rejectButtonTextAppearance: 'app-reject-font',
        avatarStyle: 'app-avatar',
      });
      await ring();
      expect(host.classList).toContain('app-theme');
      expect(host.classList).toContain('kit-incoming-call');
      expect(host.querySelector('.kit-incoming-call-title')?.classList).toContain('app-title-font');
      expect(host.querySelector('.kit-incoming-call-subtitle')?.classList).toContain(
        'app-subtitle-font',
      );
      expect(
        host.querySelector('.kit-incoming-call-accept-button .app-accept-font'),
      ).not.toBeNull();
      expect(
        host.querySelector('.kit-incoming-call-reject-button .app-reject-font'),
      ).not.toBeNull();
      expect(host.querySelector('kit-avatar')?.classList).toContain('app-avatar');
      expect(host.querySelector('kit-avatar')?.classList).toContain('kit-avatar');
    });

    it('should replace the call type icon with the voice or video image given', async () => {
      const {host, ring, calls, settle} = await render({
        voiceCallIcon: 'voice.svg',
        videoCallIcon: 'video.svg',
      });
      const voice = await ring(ADA, 'audio');
      expect(host.querySelector('.kit-incoming-call-type-image')?.getAttribute('src')).toBe(
        'voice.svg',
      );
      expect(host.querySelector('.kit-incoming-call-type-image')?.getAttribute('alt')).toBe('');
      await calls.farSide.cancel(voice.sessionId);
      await settle();
      await ring(ADA, 'video');
      expect(host.querySelector('.kit-incoming-call-type-image')?.getAttribute('src')).toBe(
        'video.svg',
      );
    });
  });

  describe('slots (spec §4.2)', () => {
    async function renderHost() {
      TestBed.configureTestingModule({
        providers: [provideKitCallsTesting({config: {autoRing: false}})],
      });
      const calls = TestBed.inject(KitCallsTestingController);
      const fixture = TestBed.createComponent(SlotHost);
      await fixture.whenStable();
      const el = fixture.nativeElement as HTMLElement;
      const ring = async () => {
        const call = await calls.farSide.ring(ADA, calls.me);
        await settle(fixture);
        return call;
      };
      return {fixture, calls, el, ring, host: fixture.componentInstance};
    }

    it('should render the content templates with the call as context', async () => {
      const {el, ring, host, fixture} = await renderHost();
      host.useDirectives.set(true);
      await fixture.whenStable();
      await ring();
      expect(el.querySelector('.app-leading')?.textContent).toBe('ada');
      expect(el.querySelector('.app-title')?.textContent).toBe('Call from Ada Lovelace');
      expect(el.querySelector('.app-subtitle')?.textContent).toBe('audio');
      expect(el.querySelector('kit-avatar')).toBeNull();
      expect(el.querySelector('.kit-incoming-call-title')).toBeNull();
      expect(host.screen().getBinding().acceptButton).toBeNull();
      expect(host.screen().getBinding().title).toBeNull();
    });

    it('should accept and reject from inside a custom template', async () => {
      const {el, ring, host, fixture, calls} = await renderHost();
      host.useDirectives.set(true);
      await fixture.whenStable();
      const first = await ring();
      el.querySelector<HTMLButtonElement>('.app-accept')!.click();
      await settle(fixture);
      expect(calls.switchboard.getCall(first.sessionId)?.status).toBe('ongoing');
      await calls.farSide.end(first.sessionId);
      await settle(fixture);
      const second = await ring();
      el.querySelector<HTMLButtonElement>('.app-reject')!.click();
      await settle(fixture);
      expect(calls.switchboard.getCall(second.sessionId)?.status).toBe('rejected');
    });

    it('should not accept from a custom template while the decline it pressed is on its way (no acceptClick)', async () => {
      const {el, ring, host, fixture, calls} = await renderHost();
      host.useDirectives.set(true);
      await fixture.whenStable();
      const call = await ring();
      const acceptClicks = jest.fn();
      host.screen().acceptClick.subscribe(acceptClicks);
      const accept = jest.spyOn(calls.sdk, 'acceptCall');
      calls.farSide.setLatency(40);
      el.querySelector<HTMLButtonElement>('.app-reject')!.click();
      await fixture.whenStable();
      // A later tick: the template's own accept button is still there (the kit cannot disable it).
      el.querySelector<HTMLButtonElement>('.app-accept')!.click();
      await new Promise(resolve => setTimeout(resolve, 120));
      await settle(fixture);
      expect(acceptClicks).not.toHaveBeenCalled();
      expect(accept).not.toHaveBeenCalled();
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('rejected');
    });

    it('should replace the whole card with the item template', async () => {
      const {el, ring, host, fixture, calls} = await renderHost();
      host.useItem.set(true);
      await fixture.whenStable();
      const call = await ring();
      expect(el.querySelector('.kit-incoming-call-accept-button')).toBeNull();
      el.querySelector<HTMLButtonElement>('.app-item')!.click();
      await settle(fixture);
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
    });

    it('should prefer a template input over the content template', async () => {
      const {el, ring, host, fixture} = await renderHost();
      host.useDirectives.set(true);
      host.titleView.set(host.inputTitle());
      await fixture.whenStable();
      await ring();
      expect(el.querySelector('.app-input-title')?.textContent).toBe('Ada Lovelace!');
      expect(el.querySelector('.app-title')).toBeNull();
    });

    it('should empty a slot given null, and keep the accessible name', async () => {
      const {el, ring, host, fixture} = await renderHost();
      host.titleView.set(null);
      host.trailingView.set(null);
      await fixture.whenStable();
      await ring();
      expect(el.querySelector('.kit-incoming-call-title')).toBeNull();
      expect(el.querySelector('.kit-incoming-call-trailing')?.children.length).toBe(0);
      const screen = el.querySelector('kit-incoming-call')!;
      const label = el.querySelector(`#${screen.getAttribute('aria-labelledby')}`);
      expect(label?.textContent).toBe('Incoming voice call from Ada Lovelace');
    });
  });
});
