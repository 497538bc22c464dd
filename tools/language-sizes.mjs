// The size of each language pack of `kit-chat-uikit-angular/i18n`, as the library ships it: gzip (level 9) of each
// pack's module in dist/ (its own lazy chunk in an app), and of the switch itself (`provideKitLanguage`,
// `loadKitLanguage`, `kitUseLanguage`). Builds nothing: run `npx ng build kit-chat-uikit-angular` first.
//
//   node tools/language-sizes.mjs
//
// The figures are of the unminified ES modules without their source-map comment; an app's minifier shortens the
// code around the strings, the strings themselves stay.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FESM = join(ROOT, 'dist', 'kit-chat-uikit-angular', 'fesm2022');
const PREFIX = 'kit-chat-uikit-angular-i18n';

if (!existsSync(join(FESM, `${PREFIX}.mjs`))) {
  console.error(`language-sizes: no ${PREFIX}.mjs in ${FESM}: build the library first`);
  process.exit(2);
}

const gzip = file => {
  const code = readFileSync(join(FESM, file), 'utf8').replace(
    /\n\/\/# sourceMappingURL=.*\s*$/,
    '\n',
  );
  return {raw: Buffer.byteLength(code), gzip: gzipSync(code, {level: 9}).length};
};

const files = readdirSync(FESM).filter(file => file.startsWith(PREFIX) && file.endsWith('.mjs'));
for (const file of files.sort()) {
  const name = file.slice(PREFIX.length + 1, -'.mjs'.length);
  const {raw, gzip: zipped} = gzip(file);
  const what = !name
    ? 'the switch (i18n)'
    : name === 'language-pack'
      ? 'the language list'
      : `pack ${name}`;
  console.log(`language size: ${what}: ${zipped} B gzip (${raw} B)`);
}
