// Writes the README's code blocks into an app, so the consumer check compiles them as a user would paste them.
//
//   node tools/consumer/readme-blocks.mjs <README.md> <app dir>     writes the blocks, prints one line per block
//   node tools/consumer/readme-blocks.mjs <README.md>               only lists them
//
// The convention (documented in the README, "Code blocks in this README"): an HTML comment on the line before a
// fenced block says what it is.
//   <!-- file: src/app/app.config.ts -->   the block is that whole file, relative to the app's folder
//   <!-- no-check -->                      a fragment, not compiled
// A ts/js/scss/css/html block with neither is listed as unchecked (a warning, so sections written before the
// convention keep working). Shell blocks are never checked.
// Exit: 0; 1 when a block is marked wrong (a path outside the app, the same file twice, a marker with no block).
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {dirname, relative, resolve} from 'node:path';

const [readmePath, appDir] = process.argv.slice(2);
if (!readmePath) {
  console.error('usage: node readme-blocks.mjs <README.md> [<app dir>]');
  process.exit(2);
}
const CHECKABLE = new Set(['ts', 'typescript', 'js', 'javascript', 'scss', 'css', 'html']);
const MARKER = /^<!--\s*(file:\s*(\S+)|no-check)\s*-->$/;

/** The fenced blocks of a Markdown text with their marker, if the line before the fence has one. */
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
      noCheck: marker?.[1] === 'no-check',
    });
  }
  return {blocks, errors};
}

const {blocks, errors} = readmeBlocks(readFileSync(readmePath, 'utf8'));
const written = new Map();
let unchecked = 0;
for (const block of blocks) {
  const where = `README.md:${block.line}`;
  if (block.file) {
    const target = appDir ? resolve(appDir, block.file) : null;
    if (target && relative(resolve(appDir), target).startsWith('..')) {
      errors.push(`${where}: ${block.file} is outside the app`);
      continue;
    }
    if (written.has(block.file)) {
      errors.push(
        `${where}: ${block.file} is already written by README.md:${written.get(block.file)}`,
      );
      continue;
    }
    written.set(block.file, block.line);
    if (target) {
      mkdirSync(dirname(target), {recursive: true});
      writeFileSync(target, block.code);
    }
    console.log(`  readme ${where} ${block.lang} → ${block.file}`);
  } else if (block.noCheck) {
    console.log(`  readme ${where} ${block.lang}: no-check (a fragment)`);
  } else if (CHECKABLE.has(block.lang)) {
    unchecked++;
    console.log(
      `  readme ${where} ${block.lang}: UNCHECKED (no <!-- file: --> or <!-- no-check --> marker)`,
    );
  }
}
for (const error of errors) {
  console.log(`  readme ERROR ${error}`);
}
console.log(
  `  readme: ${written.size} blocks ${appDir ? 'written' : 'to write'}, ` +
    `${blocks.filter(b => b.noCheck).length} fragments, ${unchecked} unchecked, ${errors.length} errors`,
);
process.exit(errors.length || !written.size ? 1 : 0);
