import {join} from 'node:path';
import {compileString} from 'sass';

/** The workspace's root, where `projects/` and `node_modules/` are. */
const WORKSPACE = join(__dirname, '../../../..');

/** Compiles SCSS as an app would, with the kit and Angular Material on its load paths. */
export function compileScss(scss: string): string {
  return compileString(scss, {
    loadPaths: [join(WORKSPACE, 'projects'), join(WORKSPACE, 'node_modules')],
    silenceDeprecations: ['import'],
  }).css;
}

/** The custom properties a compiled rule declares, as a map. */
export function declarations(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    body
      .split(';')
      .map(line => line.trim())
      .filter(line => line.startsWith('--'))
      .map(line => [
        line.slice(0, line.indexOf(':')).trim(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
  );
}
