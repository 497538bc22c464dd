import {Rule, SchematicContext, Tree} from '@angular-devkit/schematics';
import {readWorkspace, TargetDefinition, updateWorkspace} from '@schematics/angular/utility';

/** Created when the app has no Sass global stylesheet (a CSS app), then listed in the build's `styles`. */
const THEME_FILE = 'kit-theme.scss';

const USE_MATERIAL = `@use '@angular/material' as mat;`;
const USE_KIT = `@use 'kit-chat-uikit-angular' as kit;`;

const MATERIAL_THEME = `
html {
  color-scheme: light dark;
  @include mat.theme(
    (
      color: mat.$azure-palette,
      // Roboto where the device has it (or index.html loads it), else the system's UI font: never serif.
      typography: (Roboto, system-ui, sans-serif),
      density: 0,
    )
  );
}
`;

const KIT_THEME = `
// The call screens of kit-chat-uikit-angular follow mat.theme() with no setup. Change their tokens here, only those
// you need; an unknown name fails the build and lists the valid ones. For example:
//   @include kit.incoming-call-overrides((accept-button-background-color: #146c2e));
html {
  @include kit.incoming-call-overrides(());
  @include kit.outgoing-call-overrides(());
  @include kit.avatar-overrides(());
}
`;

/**
 * Adds `mat.theme()` and the kit's Sass entry to the app's global Sass stylesheet when they are missing; an app
 * with CSS global styles gets a new `kit-theme.scss` in its build and test `styles`, as Material's ng-add does.
 */
export function addThemeToAppStyles(projectName: string): Rule {
  return async (tree: Tree, context: SchematicContext) => {
    const workspace = await readWorkspace(tree);
    const project = workspace.projects.get(projectName)!;
    const build = project.targets.get('build');
    const styles = build ? styleInputs(build) : [];
    const scss = styles.find(path => path.endsWith('.scss'));

    if (scss && tree.exists(scss)) {
      const before = tree.readText(scss);
      const after = withTheme(before);
      if (after === before) {
        context.logger.info(`kit-chat-uikit-angular: ${scss} already has mat.theme() and the kit.`);
      } else {
        tree.overwrite(scss, after);
        context.logger.info(`kit-chat-uikit-angular: added ${added(before)} to ${scss}.`);
      }
      return;
    }
    if (!build) {
      context.logger.warn(
        `kit-chat-uikit-angular: "${projectName}" has no build target; no theme added.`,
      );
      return;
    }
    const sourceRoot = project.sourceRoot ?? `${project.root ? project.root + '/' : ''}src`;
    const themePath = `${sourceRoot}/${THEME_FILE}`;
    if (!tree.exists(themePath)) {
      tree.create(themePath, withTheme('').trimStart());
      context.logger.info(
        `kit-chat-uikit-angular: created ${themePath} with ${added('')}, and listed it in the build's styles.`,
      );
    }
    return updateWorkspace(updated => {
      for (const name of ['build', 'test']) {
        const target = updated.projects.get(projectName)?.targets.get(name);
        // A target without `styles` (e.g. a test runner that takes none) is left as it is, except the build.
        if (target && (name === 'build' || target.options?.['styles'])) {
          const options = (target.options ??= {});
          const list = (options['styles'] as (string | {input: string})[] | undefined) ?? [];
          if (!styleInputs(target).includes(themePath)) {
            options['styles'] = [themePath, ...list];
          }
        }
      }
    });
  };
}

/** What `withTheme` adds to a stylesheet, in words, for the summary `ng add` prints. */
function added(text: string): string {
  const after = withTheme(text);
  const parts: string[] = [];
  if (/\.theme\s*\(/.test(after) && !/\.theme\s*\(/.test(text)) {
    parts.push('mat.theme() (azure, Roboto then system-ui, sans-serif)');
  }
  if (!/@use\s+['"]kit-chat-uikit-angular['"]/.test(text)) {
    parts.push("the kit's Sass entry and token overrides");
  }
  return parts.join(' and ');
}

/** The file paths in a target's `styles` option. */
function styleInputs(target: TargetDefinition): string[] {
  const styles = (target.options?.['styles'] ?? []) as (string | {input: string})[];
  return styles.map(style => (typeof style === 'string' ? style : style.input));
}

/**
 * The stylesheet with what is missing: the `@use` lines after the existing module rules (Sass wants them first),
 * `mat.theme()` on `html` unless some theme of `@angular/material` is already included, the kit's block at the end.
 */
export function withTheme(text: string): string {
  const material = /@use\s+['"]@angular\/material['"](?:\s+as\s+([\w-]+))?\s*;/.exec(text);
  const materialAlias = material ? (material[1] ?? 'material') : 'mat';
  const hasMaterialTheme = !!material && new RegExp(`${materialAlias}\\.theme\\s*\\(`).test(text);
  const hasKit = /@use\s+['"]kit-chat-uikit-angular['"]/.test(text);

  const uses: string[] = [];
  const blocks: string[] = [];
  if (!hasMaterialTheme) {
    if (!material) {
      uses.push(USE_MATERIAL);
    }
    blocks.push(MATERIAL_THEME.replace(/\bmat\./g, `${materialAlias}.`));
  }
  if (!hasKit) {
    uses.push(USE_KIT);
    blocks.push(KIT_THEME);
  }
  if (!uses.length && !blocks.length) {
    return text;
  }
  const lines = text.split('\n');
  let last = -1;
  lines.forEach((line, index) => {
    if (/^\s*@(use|forward)\b/.test(line)) {
      last = index;
    }
  });
  // A blank line between the module rules and what follows them, as a stylesheet is usually written.
  const spacer =
    uses.length && (lines[last + 1] ?? '').trim() !== '' && last + 1 < lines.length ? [''] : [];
  lines.splice(last + 1, 0, ...uses, ...spacer);
  const body = lines.join('\n').replace(/\s*$/, '\n');
  return body + blocks.join('');
}
