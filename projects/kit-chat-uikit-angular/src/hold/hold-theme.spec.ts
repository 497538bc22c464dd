/**
 * @jest-environment node
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {compileScss as compile, declarations} from '../theming/sass.spec-helper';

describe('Sass theming of hold: kit.hold-*', () => {
  it('should take overrides, reject unknown names, and take the colours of an M3 theme', () => {
    const css = compile(`
      @use '@angular/material' as mat;
      @use 'kit-chat-uikit-angular' as kit;
      $theme: mat.define-theme((color: (theme-type: light, primary: mat.$azure-palette)));
      .o { @include kit.hold-overrides((note-color: #ffd54f)); }
      .t { @include kit.hold-theme($theme); }`);
    expect(declarations(css, '.o')).toEqual({'--kit-hold-note-color': '#ffd54f'});
    const themed = declarations(css, '.t');
    expect(themed['--kit-hold-pressed-background-color']).toMatch(/^#[0-9a-f]{6}$/);
    expect(themed['--kit-hold-pressed-icon-color']).toMatch(/^#[0-9a-f]{6}$/);
    expect(themed['--kit-hold-note-text-appearance']).toBeTruthy();
    expect(themed['--kit-hold-bar-background-color']).toMatch(/^#[0-9a-f]{6}$/);
    expect(themed['--kit-hold-bar-text-color']).toMatch(/^#[0-9a-f]{6}$/);
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.hold-overrides((button-color: red)); }`),
    ).toThrow(/Valid names: pressed-background-color pressed-icon-color/);
  });

  it('should read each token it declares in hold.scss, with a literal fallback', () => {
    const scss = readFileSync(join(__dirname, 'hold.scss'), 'utf8');
    expect(scss.match(/var\(--mat-sys-[a-z0-9-]+\)/g) ?? []).toEqual([]);
    for (const name of [
      'pressed-background-color',
      'pressed-icon-color',
      'note-color',
      'note-text-appearance',
      'bar-background-color',
      'bar-text-color',
    ]) {
      expect(scss).toMatch(new RegExp(`var\\(\\s*--kit-hold-${name},`));
    }
  });
});
