/**
 * @jest-environment node
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {compileScss as compile, declarations} from '../theming/sass.spec-helper';

describe('Sass theming of the keypad: kit.keypad-*', () => {
  it('should take overrides, reject unknown names, and take the colours of an M3 theme', () => {
    const css = compile(`
      @use '@angular/material' as mat;
      @use 'kit-chat-uikit-angular' as kit;
      $theme: mat.define-theme((color: (theme-type: dark, primary: mat.$violet-palette)));
      .o { @include kit.keypad-overrides((key-background-color: #303030)); }
      .t { @include kit.keypad-theme($theme); }`);
    expect(declarations(css, '.o')).toEqual({'--kit-keypad-key-background-color': '#303030'});
    const themed = declarations(css, '.t');
    for (const token of ['panel-background-color', 'key-background-color', 'key-text-color']) {
      expect(themed[`--kit-keypad-${token}`]).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(themed['--kit-keypad-digits-text-appearance']).toBeTruthy();
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.keypad-overrides((key-color: red)); }`),
    ).toThrow(/Valid names: panel-background-color panel-text-color/);
  });

  it('should read every token it declares, each with a literal fallback, so it looks right without mat.theme()', () => {
    const scss = readFileSync(join(__dirname, 'keypad.scss'), 'utf8');
    expect(scss.match(/var\(--mat-sys-[a-z0-9-]+\)/g) ?? []).toEqual([]);
    const theme = readFileSync(join(__dirname, '_keypad-theme.scss'), 'utf8');
    const names = theme
      .slice(theme.indexOf('$token-names: ('), theme.indexOf(');'))
      .match(/[a-z-]+(?=,|\n\))/g);
    for (const name of names ?? []) {
      expect(scss).toMatch(new RegExp(`var\\(\\s*--kit-keypad-${name},`));
    }
  });
});
