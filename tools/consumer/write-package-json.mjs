// Writes the consumer app's package.json from template/package.json:
//   "workspace"          → the version the workspace has installed (node_modules), else its package.json range,
//                          so the consumer stays in step with the workspace and the npm cache serves it;
//   "workspace:<name>"   → the version used for <name> (e.g. @angular/platform-server at the workspace's Angular);
//   "tarball"            → file:<the packed library>, a real install from the tarball (no path mapping);
//   anything else        → kept as written (e.g. vitest, which the workspace does not use).
// If the registry lacks a "workspace:<name>" version, the newest published version of the same minor below it is
// used, with an npm override so its exact peer pins accept the workspace's framework version; this is printed.
// Usage: node write-package-json.mjs <workspace dir> <tarball> <consumer dir>
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';

const [workspace, tarball, out] = process.argv.slice(2);
const template = JSON.parse(readFileSync(new URL('./template/package.json', import.meta.url), 'utf8'));
const root = JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8'));
const ranges = {...root.dependencies, ...root.devDependencies};

function workspaceVersion(name) {
  const installed = join(workspace, 'node_modules', name, 'package.json');
  if (existsSync(installed)) {
    return JSON.parse(readFileSync(installed, 'utf8')).version;
  }
  if (ranges[name]) {
    return ranges[name];
  }
  throw new Error(`consumer: the workspace has no version of ${name} (not in package.json, not installed)`);
}

function npmView(spec) {
  try {
    const text = execFileSync('npm', ['view', spec, 'version', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const value = text ? JSON.parse(text) : [];
    return Array.isArray(value) ? value : [value];
  } catch {
    return [];
  }
}

const compare = (a, b) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if (pa[i] !== pb[i]) return pa[i] - pb[i];
  }
  return 0;
};

const pkg = structuredClone(template);
delete pkg.description;
const overrides = {};
const chosen = {};
for (const section of ['dependencies', 'devDependencies']) {
  for (const [name, value] of Object.entries(pkg[section])) {
    if (value === 'workspace') {
      chosen[name] = pkg[section][name] = workspaceVersion(name);
    }
  }
}
for (const section of ['dependencies', 'devDependencies']) {
  for (const [name, value] of Object.entries(pkg[section])) {
    if (value === 'tarball') {
      pkg[section][name] = `file:${tarball}`;
    } else if (value.startsWith('workspace:')) {
      const wanted = chosen[value.slice('workspace:'.length)];
      let version = wanted;
      if (/^\d+\.\d+\.\d+$/.test(wanted) && npmView(`${name}@${wanted}`).length === 0) {
        const [major, minor] = wanted.split('.');
        const published = npmView(`${name}@~${major}.${minor}.0`)
          .filter(v => /^\d+\.\d+\.\d+$/.test(v) && compare(v, wanted) <= 0)
          .sort(compare);
        if (!published.length) {
          throw new Error(`consumer: no ${name} ${major}.${minor}.x at or below ${wanted} on the registry`);
        }
        version = published.at(-1);
        overrides[name] = {};
        for (const peer of ['@angular/core', '@angular/common', '@angular/compiler', '@angular/platform-browser']) {
          overrides[name][peer] = `$${peer}`;
        }
        // The CLI's builder asks for a peer of its own patch (@angular/ssr ^21.2.27): accept the older one too.
        if (pkg.devDependencies['@angular/build']) {
          overrides['@angular/build'] ??= {};
          overrides['@angular/build'][name] = `$${name}`;
        }
        console.log(
          `consumer: note: ${name}@${wanted} is not on the registry; using ${version} (same minor), ` +
            `its peers overridden to the workspace's framework`,
        );
      }
      pkg[section][name] = version;
    }
  }
}
if (Object.keys(overrides).length) {
  pkg.overrides = overrides;
}
writeFileSync(join(out, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
const core = pkg.dependencies['@angular/core'];
console.log(
  `consumer: versions: @angular/core ${core}, ` +
    `@angular/platform-server ${pkg.dependencies['@angular/platform-server']}, ` +
    `@angular/ssr ${pkg.dependencies['@angular/ssr']}, @angular/build ${pkg.devDependencies['@angular/build']}, ` +
    `vitest ${pkg.devDependencies.vitest}, jest ${pkg.devDependencies.jest}, ` +
    `jest-preset-angular ${pkg.devDependencies['jest-preset-angular']} (CDK and Material come with ng add)`,
);
