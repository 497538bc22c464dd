/**
 * @jest-environment node
 */
import {join} from 'node:path';
import {compileString} from 'sass';

const root = join(__dirname, '../../../..');

function compile(scss: string): string {
  return compileString(scss, {
    loadPaths: [join(root, 'projects'), join(root, 'node_modules')],
  }).css;
}

describe('Sass theming of <kit-ring-readiness>', () => {
  it('should emit overrides as --kit-ring-readiness-* properties', () => {
    const css = compile(`
      @use 'kit-chat-uikit-angular' as kit;
      .brand {
        @include kit.ring-readiness-overrides((background-color: #fff8e1, text-appearance: label-large));
      }`);
    expect(css).toContain('--kit-ring-readiness-background-color: #fff8e1;');
    expect(css).toContain('--kit-ring-readiness-text-appearance: var(--mat-sys-label-large);');
  });

  it('should reject an unknown token and list the valid ones', () => {
    expect(() =>
      compile(`
        @use 'kit-chat-uikit-angular' as kit;
        .x { @include kit.ring-readiness-overrides((colour: red)); }`),
    ).toThrow(/Unknown token "colour".*background-color/);
  });

  it('should emit color tokens from a Material 3 theme', () => {
    const css = compile(`
      @use '@angular/material' as mat;
      @use 'kit-chat-uikit-angular' as kit;
      $theme: mat.define-theme((color: (theme-type: dark, primary: mat.$violet-palette)));
      .dark { @include kit.ring-readiness-color($theme); }`);
    expect(css).toMatch(/--kit-ring-readiness-button-background-color: #[0-9a-f]{6}/);
  });
});
