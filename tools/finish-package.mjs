// The last step of `npm run build`, after ng-packagr: what the package carries besides the Angular Package Format.
//   - the `ng add` schematic, compiled with tsc into dist/kit-chat-uikit-angular/schematics (CommonJS, as the CLI
//     loads it; ng-packagr copies its collection.json and schema.json as assets);
//   - schematics/package.json ("type": "commonjs") kept in the tarball;
//   - the workspace's README.md and LICENSE (ng-packagr reads assets only from inside the library's folder).
import {execFileSync} from 'node:child_process';
import {appendFileSync, copyFileSync, existsSync, readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist', 'kit-chat-uikit-angular');
if (!existsSync(join(dist, 'package.json'))) {
  console.error(
    'finish-package: dist/kit-chat-uikit-angular is missing; run ng build kit-chat-uikit-angular first',
  );
  process.exit(1);
}
execFileSync(
  join(root, 'node_modules', '.bin', 'tsc'),
  ['-p', join(root, 'projects', 'kit-chat-uikit-angular', 'schematics', 'tsconfig.json')],
  {stdio: 'inherit'},
);
// ng-packagr's .npmignore drops every nested package.json; the schematics' one must ship, or Node would load their
// CommonJS as ES modules (the package is "type": "module").
const npmignore = join(dist, '.npmignore');
const keep = '!schematics/package.json';
if (!readFileSync(npmignore, 'utf8').includes(keep)) {
  appendFileSync(npmignore, `\n${keep}\n`);
}
for (const file of ['README.md', 'LICENSE']) {
  copyFileSync(join(root, file), join(dist, file));
}
console.log('finish-package: schematics compiled; README.md and LICENSE copied');
