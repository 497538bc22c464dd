// The last step of `npm run build`, after ng-packagr: what the package carries besides the Angular Package Format.
//   - the `ng add` schematic, compiled with tsc into dist/kit-chat-uikit-angular/schematics (CommonJS, as the CLI
//     loads it; ng-packagr copies its collection.json and schema.json as assets);
//   - the workspace's README.md and LICENSE (ng-packagr reads assets only from inside the library's folder).
import {execFileSync} from 'node:child_process';
import {copyFileSync, existsSync} from 'node:fs';
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
for (const file of ['README.md', 'LICENSE']) {
  copyFileSync(join(root, file), join(dist, file));
}
console.log('finish-package: schematics compiled; README.md and LICENSE copied');
