import {Component, signal} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitAvatarComponent, kitInitials} from './avatar';

@Component({
  imports: [KitAvatarComponent],
  template: `<kit-avatar [name]="name()" [avatarUrl]="url()" />`,
})
class AvatarHost {
  readonly name = signal<string | null>('Ada Lovelace');
  readonly url = signal<string | null>(null);
}

describe('KitAvatarComponent', () => {
  async function render(name: string | null, url: string | null) {
    const fixture = TestBed.createComponent(AvatarHost);
    fixture.componentInstance.name.set(name);
    fixture.componentInstance.url.set(url);
    await fixture.whenStable();
    const host: HTMLElement = fixture.nativeElement.querySelector('kit-avatar');
    return {fixture, host};
  }

  it('should show the initials of the name when there is no URL', async () => {
    const {host} = await render('Ada Lovelace', null);
    expect(host.querySelector('img')).toBeNull();
    expect(host.textContent?.trim()).toBe('AL');
  });

  it('should show the image when there is a URL', async () => {
    const {host} = await render('Ada Lovelace', 'https://example.test/ada.png');
    expect(host.querySelector('img')?.getAttribute('src')).toBe('https://example.test/ada.png');
    expect(host.textContent?.trim()).toBe('');
  });

  it('should fall back to the initials when the image fails to load', async () => {
    const {fixture, host} = await render('Grace Hopper', 'broken.png');
    host.querySelector('img')!.dispatchEvent(new Event('error'));
    await fixture.whenStable();
    expect(host.querySelector('img')).toBeNull();
    expect(host.textContent?.trim()).toBe('GH');
  });

  it('should try a new URL again after an earlier one failed', async () => {
    const {fixture, host} = await render('Grace Hopper', 'broken.png');
    host.querySelector('img')!.dispatchEvent(new Event('error'));
    await fixture.whenStable();
    fixture.componentInstance.url.set('fixed.png');
    await fixture.whenStable();
    expect(host.querySelector('img')?.getAttribute('src')).toBe('fixed.png');
  });

  it("should carry the user's name as its accessible name, with the initials hidden", async () => {
    const {host} = await render('Ada Lovelace', null);
    expect(host.getAttribute('role')).toBe('img');
    expect(host.getAttribute('aria-label')).toBe('Ada Lovelace');
    expect(host.querySelector('.kit-avatar-initials')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('should colour the initials with a hue of the name: the same name always, another name another', async () => {
    const hue = async (name: string) =>
      (await render(name, null)).host.style.getPropertyValue('--_hue');
    expect(await hue('Ada Lovelace')).toMatch(/^\d+$/);
    expect(await hue('Ada Lovelace')).toBe(await hue('Ada Lovelace'));
    expect(await hue('Grace Hopper')).not.toBe(await hue('Ada Lovelace'));
  });

  it('should render a name as text, never as HTML', async () => {
    const {host} = await render('<img src=x onerror=alert(1)>', null);
    expect(host.querySelector('img')).toBeNull();
    expect(host.getAttribute('aria-label')).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('kitInitials', () => {
  it('should take the first letters of the first and last words', () => {
    expect(kitInitials('Ada King Lovelace')).toBe('AL');
    expect(kitInitials('  plato ')).toBe('P');
    expect(kitInitials('')).toBe('');
    expect(kitInitials(null)).toBe('');
  });
});
