/**
 * @jest-environment node
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {compileScss as compile, declarations} from './sass.spec-helper';

/** Compiles a stylesheet the way an app does, with `@use 'kit-chat-uikit-angular' as kit;` available. */

const M3_THEME = `
  @use '@angular/material' as mat;
  @use 'kit-chat-uikit-angular' as kit;
  $theme: mat.define-theme((color: (theme-type: dark, primary: mat.$violet-palette)));
`;

describe('Sass theming: @use "kit-chat-uikit-angular" as kit', () => {
  it("should emit the spec's incoming style items as --kit-incoming-call-* properties", () => {
    const css = compile(`
      @use 'kit-chat-uikit-angular' as kit;
      .brand {
        @include kit.incoming-call-overrides((
          background-color: #101418,
          icon-tint: #c4c6d0,
          reject-button-background-color: #b3261e,
          accept-button-background-color: #146c2e,
          reject-button-text-color: white,
          accept-button-text-color: white,
          reject-button-text-appearance: label-large,
          accept-button-text-appearance: 600 16px/24px serif,
        ));
      }`);
    expect(declarations(css, '.brand')).toEqual({
      '--kit-incoming-call-background-color': '#101418',
      '--kit-incoming-call-icon-tint': '#c4c6d0',
      '--kit-incoming-call-reject-button-background-color': '#b3261e',
      '--kit-incoming-call-accept-button-background-color': '#146c2e',
      '--kit-incoming-call-reject-button-text-color': 'white',
      '--kit-incoming-call-accept-button-text-color': 'white',
      '--kit-incoming-call-reject-button-text-appearance': 'var(--mat-sys-label-large)',
      '--kit-incoming-call-accept-button-text-appearance': '600 16px/24px serif',
    });
  });

  it('should scope avatar-style to the avatar of the screen', () => {
    const css = compile(`
      @use 'kit-chat-uikit-angular' as kit;
      .brand { @include kit.incoming-call-overrides((avatar-style: (stroke-radius: 12px, background-color: teal))); }`);
    expect(
      declarations(
        css,
        '.brand .kit-incoming-call .kit-avatar, .brand.kit-incoming-call .kit-avatar',
      ),
    ).toEqual({
      '--kit-avatar-stroke-radius': '12px',
      '--kit-avatar-background-color': 'teal',
    });
  });

  it('should emit outgoing and avatar overrides', () => {
    const css = compile(`
      @use 'kit-chat-uikit-angular' as kit;
      .out { @include kit.outgoing-call-overrides((end-call-button-background-color: red, corner-radius: 16px)); }
      .av { @include kit.avatar-overrides((stroke-radius: 8px, background-color: navy)); }`);
    expect(declarations(css, '.out')).toEqual({
      '--kit-outgoing-call-end-call-button-background-color': 'red',
      '--kit-outgoing-call-corner-radius': '16px',
    });
    expect(declarations(css, '.av')).toEqual({
      '--kit-avatar-stroke-radius': '8px',
      '--kit-avatar-background-color': 'navy',
    });
  });

  it('should give the call screens the light look, and check the names of their shared surface', () => {
    const css = compile(`
      @use 'kit-chat-uikit-angular' as kit;
      html { @include kit.call-screens-light(); }
      .s { @include kit.call-screens-overrides((background-color: #0b1020, color-scheme: light)); }`);
    expect(declarations(css, 'html')).toMatchObject({
      '--kit-call-screen-background-color': 'var(--mat-sys-surface-container, #eceef4)',
      '--kit-call-screen-text-color': 'var(--mat-sys-on-surface, #191c20)',
      '--kit-avatar-backdrop-opacity': '0.2',
    });
    // The page's scheme inside the screens, not the immersive dark one.
    expect(css).toMatch(/html \.kit-ongoing-call \{\s*color-scheme: inherit;/);
    expect(declarations(css, '.s')).toEqual({
      '--kit-call-screen-background-color': '#0b1020',
      '--kit-call-screen-color-scheme': 'light',
    });
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.call-screens-overrides((surface: red)); }`),
    ).toThrow(/Valid names: background-color text-color secondary-text-color/);
  });

  it('should theme the ongoing screen like the others: overrides, unknown names rejected, M3 colours', () => {
    const css = compile(`${M3_THEME}
      .o { @include kit.ongoing-call-overrides((toggle-active-background-color: #101418)); }
      .t { @include kit.ongoing-call-color($theme); }`);
    expect(declarations(css, '.o')).toEqual({
      '--kit-ongoing-call-toggle-active-background-color': '#101418',
    });
    expect(declarations(css, '.t')['--kit-ongoing-call-end-call-button-background-color']).toMatch(
      /^#[0-9a-f]{6}$/,
    );
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.ongoing-call-overrides((mute-color: red)); }`),
    ).toThrow(/Valid names: background-color title-text-color/);
  });

  it('should theme the call-waiting banner with the same mixin set: overrides, unknown names rejected, M3 colours', () => {
    const css = compile(`${M3_THEME}
      .w { @include kit.call-waiting-overrides((accept-background-color: #146c2e)); }
      .t { @include kit.call-waiting-theme($theme); }`);
    expect(declarations(css, '.w')).toEqual({
      '--kit-call-waiting-accept-background-color': '#146c2e',
    });
    for (const token of [
      'background-color',
      'text-color',
      'decline-background-color',
      'accept-text-color',
    ]) {
      expect(declarations(css, '.t')[`--kit-call-waiting-${token}`]).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.call-waiting-overrides((button-color: red)); }`),
    ).toThrow(/Valid names: background-color text-color/);
  });

  it('should theme <kit-call-buttons> in the same shape: overrides checked, M3 colours and type', () => {
    const css = compile(`${M3_THEME}
      .b { @include kit.call-buttons-overrides((container-shape: 12px)); }
      .t { @include kit.call-buttons-theme($theme); }`);
    expect(declarations(css, '.b')).toEqual({'--kit-call-buttons-container-shape': '12px'});
    const themed = declarations(css, '.t');
    for (const token of ['container-color', 'content-color', 'reason-text-color']) {
      expect(themed[`--kit-call-buttons-${token}`]).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(themed['--kit-call-buttons-label-text-appearance']).toBeTruthy();
    expect(() =>
      compile(`@use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.call-buttons-overrides((color: red)); }`),
    ).toThrow(/Valid names: container-color content-color/);
  });

  it('should fail the build on an unknown token and list the valid names', () => {
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.incoming-call-overrides((backgroud-color: red)); }`),
    ).toThrow(/Unknown token "backgroud-color".*Valid names: background-color icon-tint/s);
    expect(() =>
      compile(
        `@use 'kit-chat-uikit-angular' as kit; .x { @include kit.avatar-overrides((radius: 1px)); }`,
      ),
    ).toThrow(/Valid names: stroke-radius background-color/);
  });

  it.each([
    'incoming-call/incoming-call.scss',
    'outgoing-call/outgoing-call.scss',
    'ongoing-call/ongoing-call.scss',
    'theming/_call-screen.scss',
    'ring/call-waiting.scss',
    'avatar/avatar.scss',
    'call-buttons/call-buttons.scss',
  ])(
    'should give every Material role in %s a literal fallback, so the screen is opaque and readable without mat.theme()',
    file => {
      const scss = readFileSync(join(__dirname, '..', file), 'utf8');
      expect(scss.match(/var\(--mat-sys-[a-z-]+\)/g) ?? []).toEqual([]);
    },
  );

  it('should take the colors of an M3 theme for each screen', () => {
    const css = compile(`${M3_THEME}
      .in { @include kit.incoming-call-color($theme); }
      .out { @include kit.outgoing-call-color($theme); }
      .av { @include kit.avatar-color($theme); }`);
    const incoming = declarations(css, '.in');
    expect(Object.keys(incoming)).toEqual([
      '--kit-incoming-call-background-color',
      '--kit-incoming-call-title-text-color',
      '--kit-incoming-call-subtitle-text-color',
      '--kit-incoming-call-icon-tint',
      '--kit-incoming-call-reject-button-background-color',
      '--kit-incoming-call-reject-button-text-color',
      '--kit-incoming-call-stroke-color',
      '--kit-incoming-call-failure-text-color',
    ]);
    expect(incoming['--kit-incoming-call-background-color']).toMatch(/^#[0-9a-f]{6}$/);
    expect(
      declarations(css, '.out')['--kit-outgoing-call-end-call-button-background-color'],
    ).toMatch(/^#/);
    expect(declarations(css, '.av')['--kit-avatar-background-color']).toMatch(/^#/);
  });

  it('should emit typography and base tokens through *-theme()', () => {
    const css = compile(`${M3_THEME}
      $typed: mat.define-theme((typography: (plain-family: Arial, brand-family: Georgia)));
      .in { @include kit.incoming-call-theme($typed); }`);
    const tokens = declarations(css, '.in');
    expect(tokens['--kit-incoming-call-corner-radius']).toBe('0');
    expect(tokens['--kit-incoming-call-title-text-appearance']).toContain('Georgia');
    expect(tokens['--kit-incoming-call-accept-button-text-appearance']).toContain('Arial');
  });

  it('should explain that a theme mixin needs an M3 theme', () => {
    expect(() =>
      compile(
        `@use 'kit-chat-uikit-angular' as kit; .x { @include kit.incoming-call-color(null); }`,
      ),
    ).toThrow(/needs a Material 3 theme/);
  });
});
