// Writes the code blocks of the README and of the guides in docs/ into an app, so the consumer check compiles them as
// a user would paste them.
//
//   node tools/consumer/readme-blocks.mjs [--app <app dir>] [<file.md>...]   writes the blocks, one line per block
//   node tools/consumer/readme-blocks.mjs --install                          prints the README's install lines (JSON)
//
// Without files: README.md and every docs/*.md of the repository. Without --app: only lists the blocks.
// The convention (docs/development.md, "Code blocks in the README and the guides"): an HTML comment on the line
// before a fenced block says what it is.
//   <!-- file: src/app/app.config.ts -->       the block is that whole file, relative to the app's folder
//   <!-- no-check -->                          a fragment, not compiled
//   <!-- install: from-this-repository -->     (README) the shell lines that pack the library and `npx ng add` it
//   <!-- excerpt: tools/push-sender.mjs -->    the block stands, line for line, in that file of this repository
//                                              (code that the repository's own tests run: it must not drift)
//   <!-- asset: -->                            a JSON entry of `assets` in angular.json: added to the app's build,
//                                              whose output must then hold the file it names (--app only)
// A ts/js/scss/css/html block with none is listed as unchecked (a warning). Shell blocks are never compiled.
// Exit: 0; 1 when a block is marked wrong (a path outside the app, a marker
// with no block, a file written twice with different code), or when no block is written.
import {mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHECKABLE = new Set(['ts', 'typescript', 'js', 'javascript', 'scss', 'css', 'html']);
const MARKER = /^<!--\s*(file:\s*(\S+)|no-check|install:\s*(\S+)|excerpt:\s*(\S+)|asset:)\s*-->$/;

/**
 * The fenced blocks of a Markdown text with their marker, if the line before the fence has one.
 * @param {string} text Markdown.
 */
export function readmeBlocks(text) {
  const lines = text.split('\n');
  const blocks = [];
  const errors = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)(```+)\s*([\w-]*)/.exec(lines[i]);
    if (!fence) {
      const marker = MARKER.exec(lines[i].trim());
      if (marker && !/^\s*```/.test(lines[i + 1] ?? '')) {
        errors.push(`line ${i + 1}: ${lines[i].trim()} is not right before a fenced block`);
      }
      continue;
    }
    const [, indent, ticks, lang] = fence;
    const start = i;
    const body = [];
    for (i++; i < lines.length && !lines[i].startsWith(indent + ticks); i++) {
      body.push(lines[i].startsWith(indent) ? lines[i].slice(indent.length) : lines[i]);
    }
    const marker = MARKER.exec((lines[start - 1] ?? '').trim());
    blocks.push({
      line: start + 1,
      lang: lang.toLowerCase(),
      code: body.join('\n') + '\n',
      file: marker?.[2] ?? null,
      install: marker?.[3] ?? null,
      excerpt: marker?.[4] ?? null,
      asset: marker?.[1] === 'asset:',
      noCheck: marker?.[1] === 'no-check',
    });
  }
  return {blocks, errors};
}

/**
 * The README's from-this-repository lines, as a user pastes them: the `npm run pack` line, the lines after it that
 * still run in the clone (up to `cd ..`, e.g. the one that keeps the tarball's full path), and the `npx ng add` line
 * that runs in the app. The clone itself, `ng new` and `cd my-app` are left to the consumer check (its apps are made
 * from templates), and nothing is rewritten.
 * @param {string} text The README.
 * @returns {{pack: string, inClone: string[], ngAdd: string, tarball: string}} `tarball`: the `ng add` argument,
 *   as written (a shell word, such as "$KIT_TGZ").
 */
export function installLines(text) {
  const block = readmeBlocks(text).blocks.find(b => b.install === 'from-this-repository');
  if (!block) {
    throw new Error('the README has no <!-- install: from-this-repository --> block');
  }
  const commands = block.code
    .split('\n')
    .map(line => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
  const packAt = commands.findIndex(line => /^npm run pack\b/.test(line));
  const upAt = commands.findIndex((line, i) => i > packAt && line === 'cd ..');
  const ngAdd = commands.find(line => /^npx ng add \S+$/.test(line));
  if (packAt < 0 || upAt < 0 || !ngAdd) {
    throw new Error(
      'the from-this-repository block needs an `npm run pack` line, then `cd ..`, and an `npx ng add <tarball>` line',
    );
  }
  return {
    pack: commands[packAt],
    inClone: commands.slice(packAt + 1, upAt),
    ngAdd,
    tarball: ngAdd.split(/\s+/)[3],
  };
}

/** README.md, then docs/*.md in name order. */
function defaultPages() {
  const docs = join(ROOT, 'docs');
  let guides = [];
  try {
    guides = readdirSync(docs)
      .filter(name => name.endsWith('.md'))
      .sort()
      .map(name => join(docs, name));
  } catch {
    // No docs/ folder: the README alone.
  }
  return [join(ROOT, 'README.md'), ...guides];
}

function main(args) {
  if (args.includes('--install')) {
    console.log(JSON.stringify(installLines(readFileSync(join(ROOT, 'README.md'), 'utf8'))));
    return 0;
  }
  const appIndex = args.indexOf('--app');
  const appDir = appIndex >= 0 ? args[appIndex + 1] : null;
  const files = args.filter((_, i) => appIndex < 0 || (i !== appIndex && i !== appIndex + 1));
  const pages = files.length ? files : defaultPages();
  const written = new Map();
  const errors = [];
  let unchecked = 0;
  let fragments = 0;
  let excerpts = 0;
  const assets = [];
  for (const page of pages) {
    const name = relative(ROOT, resolve(page));
    const found = readmeBlocks(readFileSync(page, 'utf8'));
    errors.push(...found.errors.map(error => `${name} ${error}`));
    for (const block of found.blocks) {
      const where = `${name}:${block.line}`;
      if (block.file) {
        const target = appDir ? resolve(appDir, block.file) : null;
        if (target && relative(resolve(appDir), target).startsWith('..')) {
          errors.push(`${where}: ${block.file} is outside the app`);
          continue;
        }
        if (written.has(block.file)) {
          // The same file shown twice (the README's Quick start shows the testing guide's spec) must say the same.
          const first = written.get(block.file);
          if (first.code !== block.code) {
            errors.push(
              `${where}: ${block.file} is already written, differently, by ${first.where}`,
            );
          } else {
            console.log(
              `  readme ${where} ${block.lang} → ${block.file}, the same as ${first.where}`,
            );
          }
          continue;
        }
        written.set(block.file, {where, code: block.code});
        if (target) {
          mkdirSync(dirname(target), {recursive: true});
          writeFileSync(target, block.code);
        }
        console.log(`  readme ${where} ${block.lang} → ${block.file}`);
      } else if (block.excerpt) {
        const source = resolve(ROOT, block.excerpt);
        let text = '';
        try {
          text = readFileSync(source, 'utf8');
        } catch {
          errors.push(`${where}: ${block.excerpt} does not exist`);
          continue;
        }
        if (!text.includes(block.code)) {
          errors.push(`${where}: the block no longer stands as written in ${block.excerpt}`);
          continue;
        }
        excerpts++;
        console.log(
          `  readme ${where} ${block.lang}: excerpt of ${block.excerpt}, as it stands there`,
        );
      } else if (block.asset) {
        let asset = null;
        try {
          asset = JSON.parse(block.code);
        } catch {
          // Reported below.
        }
        if (!asset?.glob || !asset?.input || /[*?]/.test(asset.glob)) {
          errors.push(
            `${where}: an asset block is one JSON object with input, a plain file name glob and output`,
          );
          continue;
        }
        assets.push(asset);
        console.log(
          `  readme ${where} json: asset ${asset.input}/${asset.glob} → ${asset.output ?? '/'}`,
        );
      } else if (block.noCheck) {
        fragments++;
        console.log(`  readme ${where} ${block.lang}: no-check (a fragment)`);
      } else if (CHECKABLE.has(block.lang)) {
        unchecked++;
        console.log(
          `  readme ${where} ${block.lang}: UNCHECKED (no <!-- file: --> or <!-- no-check --> marker)`,
        );
      }
    }
  }
  if (appDir) {
    // The consumer check adds these to the app's build and looks for each file in its output.
    writeFileSync(join(appDir, 'readme-assets.json'), JSON.stringify(assets));
  }
  for (const error of errors) {
    console.log(`  readme ERROR ${error}`);
  }
  console.log(
    `  readme: ${pages.length} pages, ${written.size} blocks ${appDir ? 'written' : 'to write'}, ` +
      `${excerpts} excerpts as they stand, ${assets.length} assets, ${fragments} fragments, ` +
      `${unchecked} unchecked, ${errors.length} errors`,
  );
  return errors.length || !written.size ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
