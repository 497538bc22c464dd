/**
 * @jest-environment node
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {compileScss as compile, declarations} from '../src/theming/sass.spec-helper';

describe('Sass theming of the group call screens: kit-group.group-call-*', () => {
  it('should take overrides of the tile, the speaking ring and the gap, and the colours of an M3 theme', () => {
    const css = compile(`
      @use '@angular/material' as mat;
      @use 'kit-chat-uikit-angular/group/group-call-theme' as kit-group;
      $theme: mat.define-theme((color: (theme-type: dark, primary: mat.$violet-palette)));
      .o {
        @include kit-group.group-call-overrides(
          (speaking-ring-color: #00e676, grid-gap: 4px, tile-corner-radius: 0, title-text-appearance: title-large)
        );
      }
      .t { @include kit-group.group-call-theme($theme); }`);

    expect(declarations(css, '.o')).toEqual({
      '--kit-group-call-speaking-ring-color': '#00e676',
      '--kit-group-call-grid-gap': '4px',
      '--kit-group-call-tile-corner-radius': '0',
      '--kit-group-call-title-text-appearance': 'var(--mat-sys-title-large)',
    });
    const themed = declarations(css, '.t');
    for (const token of ['tile-background-color', 'speaking-ring-color', 'chip-background-color']) {
      expect(themed[`--kit-group-call-${token}`]).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular/group/group-call-theme' as kit-group;
        .x { @include kit-group.group-call-overrides((ring-color: red)); }`),
    ).toThrow(/Valid names: tile-background-color tile-corner-radius/);
  });

  it('should read every token with a literal fallback, so the screens look right without a theme', () => {
    const scss = ['group-call.scss', 'group-call-grid.scss']
      .map(file => readFileSync(join(__dirname, file), 'utf8'))
      .join('\n');
    expect(scss.match(/var\(--kit-group-call-[a-z-]+\)/g) ?? []).toEqual([]);
    expect(scss.match(/var\(--mat-sys-[a-z0-9-]+\)/g) ?? []).toEqual([]);
    // Every token the stylesheets read is one the mixins write.
    const read = new Set([...scss.matchAll(/--kit-group-call-([a-z-]+)/g)].map(match => match[1]));
    const theme = readFileSync(join(__dirname, '_group-call-theme.scss'), 'utf8');
    const start = theme.indexOf('$token-names: (');
    const names = theme.slice(start, theme.indexOf(');', start));
    const written = names.split(/[\s,(]+/).filter(Boolean);
    expect([...read].filter(name => !written.includes(name))).toEqual([]);
  });
});
