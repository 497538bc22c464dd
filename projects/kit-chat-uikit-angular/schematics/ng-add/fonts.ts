import {Rule, SchematicContext, Tree} from '@angular-devkit/schematics';
import {readWorkspace, TargetDefinition} from '@schematics/angular/utility';

/** The links `ng add @angular/material` puts in the page for Roboto (without its icon font, which the kit has no use for). */
const ROBOTO_LINKS = [
  '<link rel="preconnect" href="https://fonts.googleapis.com">',
  '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>',
  '<link href="https://fonts.googleapis.com/css2?family=Roboto:wght@300;400;500&display=swap" rel="stylesheet">',
];

/**
 * Roboto for the screens. The theme's font stack already ends in `system-ui, sans-serif`, so without Roboto the
 * screens use the system's UI font, never the browser's serif default. With `load` (`ng add … --roboto`), Roboto's
 * stylesheet goes into index.html, as `ng add @angular/material` does, when the global styles name Roboto (the theme
 * `ng add` writes, or the app's own) and the page does not load it yet. That is opt-in because a production build
 * then downloads the font to inline it, and fails without the network. Either way, it says what it did.
 */
export function addRobotoWhereNamed(projectName: string, load: boolean): Rule {
  return async (tree: Tree, context: SchematicContext) => {
    const workspace = await readWorkspace(tree);
    const project = workspace.projects.get(projectName);
    const build = project?.targets.get('build');
    if (!project || !build) {
      return;
    }
    const namesRoboto = filePaths(build, 'styles').some(
      path => tree.exists(path) && /\bRoboto\b/.test(tree.readText(path)),
    );
    if (!namesRoboto) {
      return;
    }
    if (!load) {
      context.logger.info(
        'kit-chat-uikit-angular: the screens use Roboto where the device has it, else the system font ' +
          '(system-ui, sans-serif). To load Roboto from Google Fonts, run ng add again with --roboto.',
      );
      return;
    }
    const sourceRoot = project.sourceRoot ?? `${project.root ? project.root + '/' : ''}src`;
    // The application builder's default page when the build names none.
    const pages = filePaths(build, 'index');
    for (const index of pages.length ? pages : [`${sourceRoot}/index.html`]) {
      if (!tree.exists(index)) {
        continue;
      }
      const html = tree.readText(index);
      if (/family=Roboto\b/.test(html)) {
        context.logger.info(`kit-chat-uikit-angular: ${index} already loads Roboto.`);
        continue;
      }
      const head = html.search(/<\/head>/i);
      if (head < 0) {
        context.logger.warn(
          `kit-chat-uikit-angular: ${index} has no </head>; add Roboto's stylesheet yourself: ${ROBOTO_LINKS[2]}`,
        );
        continue;
      }
      // The page's own indentation: the line of </head>, one level deeper.
      const lineStart = html.lastIndexOf('\n', head - 1) + 1;
      const indent = html.slice(lineStart, head).match(/^\s*/)![0];
      const inner = `${indent}  `;
      const links = ROBOTO_LINKS.map(link => `${inner}${link}\n`).join('');
      const before = html.slice(0, lineStart);
      tree.overwrite(index, before + links + html.slice(lineStart));
      context.logger.info(
        `kit-chat-uikit-angular: added Roboto's stylesheet to ${index} (the theme names Roboto; ` +
          'until it loads, or offline, the screens use system-ui, sans-serif).',
      );
    }
  };
}

/** The file paths of a build option that is a path, or a list of paths or `{input}` entries. */
function filePaths(target: TargetDefinition, option: 'styles' | 'index'): string[] {
  const value = target.options?.[option] as
    string | {input: string} | (string | {input: string})[] | undefined;
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map(entry => (typeof entry === 'string' ? entry : entry.input));
}
