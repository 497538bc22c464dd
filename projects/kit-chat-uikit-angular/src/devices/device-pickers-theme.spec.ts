/**
 * @jest-environment node
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {compileScss as compile, declarations} from '../theming/sass.spec-helper';

describe('Sass theming of the device pickers: kit.device-pickers-*', () => {
  it('should take overrides, reject unknown names, and take the colours of an M3 theme', () => {
    const css = compile(`
      @use '@angular/material' as mat;
      @use 'kit-chat-uikit-angular' as kit;
      $theme: mat.define-theme((color: (theme-type: dark, primary: mat.$violet-palette)));
      .o { @include kit.device-pickers-overrides((hint-background-color: #b3261e)); }
      .t { @include kit.device-pickers-theme($theme); }`);
    expect(declarations(css, '.o')).toEqual({
      '--kit-device-pickers-hint-background-color': '#b3261e',
    });
    const themed = declarations(css, '.t');
    for (const token of ['panel-background-color', 'select-border-color', 'hint-text-color']) {
      expect(themed[`--kit-device-pickers-${token}`]).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(themed['--kit-device-pickers-label-text-appearance']).toBeTruthy();
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.device-pickers-overrides((panel-color: red)); }`),
    ).toThrow(/Valid names: panel-background-color panel-text-color/);
  });

  it('should give every Material role a literal fallback, so the panel is opaque without mat.theme()', () => {
    const scss = readFileSync(join(__dirname, 'device-pickers.scss'), 'utf8');
    expect(scss.match(/var\(--mat-sys-[a-z0-9-]+\)/g) ?? []).toEqual([]);
  });
});
