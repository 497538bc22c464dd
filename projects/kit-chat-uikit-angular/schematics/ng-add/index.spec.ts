/**
 * @jest-environment node
 */
import {Tree} from '@angular-devkit/schematics';
import {SchematicTestRunner, UnitTestTree} from '@angular-devkit/schematics/testing';
import {join} from 'node:path';
import {compileString} from 'sass';

// The devkit's package-manager task runner loads `ora`, an ES module that Jest cannot require under Node 20. The test
// runner only records tasks and never runs them, so a stand-in is enough.
jest.mock('ora', () => ({__esModule: true, default: () => ({})}));

const COLLECTION = join(__dirname, '..', 'collection.json');

interface PackageJson {
  dependencies: Record<string, string>;
}

describe('ng add kit-chat-uikit-angular', () => {
  let runner: SchematicTestRunner;

  beforeEach(() => {
    runner = new SchematicTestRunner('kit-chat-uikit-angular', COLLECTION);
  });

  /** A fresh CLI workspace with one application, as `ng new` makes it. */
  async function createApp(options: {standalone?: boolean; style?: 'scss' | 'css'} = {}) {
    const workspace = await runner.runExternalSchematic('@schematics/angular', 'workspace', {
      name: 'workspace',
      newProjectRoot: 'projects',
      version: '21.2.0',
    });
    return runner.runExternalSchematic(
      '@schematics/angular',
      'application',
      {
        name: 'app',
        standalone: options.standalone ?? true,
        style: options.style ?? 'scss',
        zoneless: true,
      },
      workspace,
    );
  }

  const read = (tree: Tree, path: string) => tree.readText(path);
  const dependencies = (tree: Tree) =>
    (JSON.parse(read(tree, '/package.json')) as PackageJson).dependencies;
  const snapshot = (tree: UnitTestTree) =>
    new Map(tree.files.map(path => [path, tree.read(path)!.toString('base64')] as const));

  it('should add the CDK and Material in the minor of the app’s @angular/core', async () => {
    const app = await createApp();
    const core = dependencies(app)['@angular/core'];
    const [, major, minor] = /(\d+)\.(\d+)/.exec(core)!;

    const tree = await runner.runSchematic('ng-add', {project: 'app'}, app);

    expect(dependencies(tree)['@angular/cdk']).toBe(`~${major}.${minor}.0`);
    expect(dependencies(tree)['@angular/material']).toBe(`~${major}.${minor}.0`);
    expect(runner.tasks.some(task => task.name === 'node-package')).toBe(true);
  });

  it('should keep a CDK and Material the app already lists', async () => {
    const app = await createApp();
    const json = JSON.parse(read(app, '/package.json'));
    json.dependencies['@angular/cdk'] = '21.1.3';
    json.dependencies['@angular/material'] = '21.1.3';
    app.overwrite('/package.json', JSON.stringify(json, null, 2));

    const tree = await runner.runSchematic('ng-add', {project: 'app'}, app);

    expect(dependencies(tree)['@angular/cdk']).toBe('21.1.3');
    expect(dependencies(tree)['@angular/material']).toBe('21.1.3');
  });

  it('should provide the kit on the in-memory SDK in a standalone app’s config, with a place for the adapter', async () => {
    const tree = await runner.runSchematic('ng-add', {project: 'app'}, await createApp());
    const config = read(tree, '/projects/app/src/app/app.config.ts');

    expect(config).toContain(`import { provideKitUIKit } from 'kit-chat-uikit-angular';`);
    expect(config).toContain(
      `import { kitInMemoryCallsSdk } from 'kit-chat-uikit-angular/in-memory';`,
    );
    expect(config).toMatch(
      /providers: \[[\s\S]*provideKitUIKit\(\{[\s\S]*callsSdk: MyCallsSdk[\s\S]*callsSdk: kitInMemoryCallsSdk\(\{uid: 'me', name: 'Me'\}\)/,
    );
  });

  it('should import KitCallsModule.forRoot in an NgModule app’s root module', async () => {
    const app = await createApp({standalone: false});
    const tree = await runner.runSchematic('ng-add', {project: 'app'}, app);
    const module = read(tree, '/projects/app/src/app/app-module.ts');

    expect(module).toContain(`import { KitCallsModule } from 'kit-chat-uikit-angular';`);
    expect(module).toMatch(
      /imports: \[[\s\S]*KitCallsModule\.forRoot\(\{[\s\S]*callsSdk: kitInMemoryCallsSdk\(\{uid: 'me', name: 'Me'\}\)/,
    );
  });

  it('should add mat.theme() and the kit’s Sass entry to the global styles', async () => {
    const tree = await runner.runSchematic('ng-add', {project: 'app'}, await createApp());
    const styles = read(tree, '/projects/app/src/styles.scss');

    expect(styles).toMatch(
      /^@use '@angular\/material' as mat;\n@use 'kit-chat-uikit-angular' as kit;/,
    );
    expect(styles).toContain('@include mat.theme(');
    expect(styles).toContain('@include kit.incoming-call-overrides(());');
  });

  it('should keep a Material theme the app already has and add only the kit', async () => {
    const app = await createApp();
    const own = `@use '@angular/material' as material;\n\nhtml {\n  @include material.theme((color: material.$rose-palette));\n}\n`;
    app.overwrite('/projects/app/src/styles.scss', own);

    const tree = await runner.runSchematic('ng-add', {project: 'app'}, app);
    const styles = read(tree, '/projects/app/src/styles.scss');

    expect(styles.match(/@include [\w-]+\.theme\(/g)).toEqual(['@include material.theme(']);
    expect(styles).toContain('material.$rose-palette');
    expect(styles).toMatch(
      /^@use '@angular\/material' as material;\n@use 'kit-chat-uikit-angular' as kit;/,
    );
  });

  it('should give a CSS app a kit-theme.scss in its build styles', async () => {
    const tree = await runner.runSchematic(
      'ng-add',
      {project: 'app'},
      await createApp({style: 'css'}),
    );
    const angular = JSON.parse(read(tree, '/angular.json'));

    expect(angular.projects.app.architect.build.options.styles).toEqual([
      'projects/app/src/kit-theme.scss',
      'projects/app/src/styles.css',
    ]);
    expect(read(tree, '/projects/app/src/kit-theme.scss')).toContain('@include mat.theme(');
  });

  it('should change nothing when run a second time', async () => {
    for (const app of [await createApp(), await createApp({standalone: false, style: 'css'})]) {
      const once = await runner.runSchematic('ng-add', {project: 'app'}, app);
      const first = snapshot(once);

      const twice = await runner.runSchematic('ng-add', {project: 'app'}, once);

      expect(snapshot(twice)).toEqual(first);
    }
  });

  it('should leave an app alone that already provides the kit its own way', async () => {
    const app = await createApp();
    const config = read(app, '/projects/app/src/app/app.config.ts').replace(
      'providers: [',
      'providers: [\n    provideKitUIKit({callsSdk: MyCallsSdk}),',
    );
    app.overwrite('/projects/app/src/app/app.config.ts', config);

    const tree = await runner.runSchematic('ng-add', {project: 'app'}, app);

    expect(read(tree, '/projects/app/src/app/app.config.ts')).toBe(config);
  });

  describe('fonts', () => {
    const INDEX = '/projects/app/src/index.html';
    const ROBOTO = 'https://fonts.googleapis.com/css2?family=Roboto:wght@300;400;500&display=swap';

    /** The global stylesheet compiled as the app's build would, with the kit's Sass from the sources. */
    function compile(scss: string): string {
      const root = join(__dirname, '..', '..', '..', '..');
      return compileString(scss, {
        loadPaths: [join(root, 'node_modules'), join(root, 'projects')],
        silenceDeprecations: ['import'],
      }).css;
    }

    it('should give the screens a font stack that ends in system-ui, sans-serif', async () => {
      const tree = await runner.runSchematic('ng-add', {project: 'app'}, await createApp());
      const css = compile(read(tree, '/projects/app/src/styles.scss'));

      // The roles the screens' title, status line and buttons read.
      for (const role of ['headline-small', 'body-medium', 'label-large']) {
        const value = new RegExp(`--mat-sys-${role}:([^;]+);`).exec(css)?.[1] ?? '';
        expect(value.replace(/\s+/g, ' ')).toMatch(/Roboto, system-ui, sans-serif$/);
      }
    });

    it('should leave index.html alone by default, and say how to load Roboto', async () => {
      const logs: string[] = [];
      runner.logger.subscribe(entry => logs.push(entry.message));
      const app = await createApp();
      const page = read(app, INDEX);

      const tree = await runner.runSchematic('ng-add', {project: 'app'}, app);

      expect(read(tree, INDEX)).toBe(page);
      expect(logs).toContainEqual(expect.stringContaining('To load Roboto from Google Fonts'));
      expect(logs).toContainEqual(
        expect.stringContaining('added mat.theme() (azure, Roboto then system-ui, sans-serif)'),
      );
      expect(logs).toContainEqual(expect.stringContaining('added provideKitUIKit(...)'));
    });

    it('should load Roboto in index.html with --roboto, as ng add @angular/material does, and say so', async () => {
      const logs: string[] = [];
      runner.logger.subscribe(entry => logs.push(entry.message));

      const tree = await runner.runSchematic(
        'ng-add',
        {project: 'app', roboto: true},
        await createApp(),
      );
      const html = read(tree, INDEX);

      expect(html).toContain(`<link href="${ROBOTO}" rel="stylesheet">`);
      expect(html.indexOf(ROBOTO)).toBeLessThan(html.indexOf('</head>'));
      expect(logs).toContainEqual(
        expect.stringContaining(`added Roboto's stylesheet to projects/app/src/index.html`),
      );
      expect(logs).toContainEqual(
        expect.stringContaining('added mat.theme() (azure, Roboto then system-ui, sans-serif)'),
      );
      expect(logs).toContainEqual(expect.stringContaining('added provideKitUIKit(...)'));
    });

    it('should not load Roboto twice when the page already has it', async () => {
      const app = await createApp();
      const own = read(app, INDEX).replace(
        '</head>',
        `  <link href="${ROBOTO}" rel="stylesheet">\n</head>`,
      );
      app.overwrite(INDEX, own);

      const tree = await runner.runSchematic('ng-add', {project: 'app', roboto: true}, app);

      expect(read(tree, INDEX)).toBe(own);
    });

    it('should leave the page alone when the app’s own theme uses another font', async () => {
      const app = await createApp();
      app.overwrite(
        '/projects/app/src/styles.scss',
        `@use '@angular/material' as mat;\n\nhtml {\n  @include mat.theme((typography: (Inter, sans-serif)));\n}\n`,
      );
      const page = read(app, INDEX);

      const tree = await runner.runSchematic('ng-add', {project: 'app', roboto: true}, app);

      expect(read(tree, INDEX)).toBe(page);
    });
  });
});
