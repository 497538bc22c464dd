import {
  chain,
  noop,
  Rule,
  SchematicContext,
  SchematicsException,
  Tree,
} from '@angular-devkit/schematics';
import {
  addDependency,
  addRootImport,
  addRootProvider,
  DependencyType,
  ExistingBehavior,
  readWorkspace,
  WorkspaceDefinition,
} from '@schematics/angular/utility';
import {isStandaloneApp} from '@schematics/angular/utility/ng-ast-utils';
import {getMainFilePath} from '@schematics/angular/utility/standalone/util';
import {Schema} from './schema';
import {addRobotoWhereNamed} from './fonts';
import {addThemeToAppStyles} from './theming';

/**
 * `ng add kit-chat-uikit-angular`: sets up an application in one pass.
 *
 * Unlike Material's ng-add, there is no second schematic run after the install: nothing here needs the CDK's
 * schematic helpers, only `@angular-devkit/schematics` and `@schematics/angular`, which the CLI brings.
 *
 *  - `@angular/cdk` and `@angular/material` at the app's `@angular/core` major.minor, so that the app's own lock
 *    file names them (npm would fill the CDK, a required peer, with the newest 21.x, a minor ahead of the app).
 *  - `provideKitUIKit(...)` in the app config (standalone) or `KitCallsModule.forRoot(...)` in the root module, on the
 *    in-memory SDK, with a comment where the app's own adapter goes.
 *  - `mat.theme()` and the kit's Sass entry in the global styles, when they are missing; its font stack ends in
 *    `system-ui, sans-serif`, so the screens never fall back to serif.
 *  - with `--roboto`, Roboto's stylesheet in index.html when the styles name Roboto and the page does not load it
 *    yet (a production build then needs the network to inline it).
 *
 * Each change is printed, in words, besides the CLI's list of files.
 * Running it again changes nothing.
 */
export default function ngAdd(options: Schema): Rule {
  return async (tree: Tree, context: SchematicContext) => {
    const workspace = await readWorkspace(tree);
    const projectName = pickProject(workspace, options.project);
    const project = workspace.projects.get(projectName)!;
    const rules: Rule[] = [addFrameworkPackages(tree, context)];

    if (project.extensions['projectType'] !== 'application') {
      context.logger.warn(
        `kit-chat-uikit-angular: "${projectName}" is not an application, so only the packages were added. ` +
          'Pass --project to set up an application.',
      );
      return chain(rules);
    }
    const sourceRoot = project.sourceRoot ?? `${project.root ? project.root + '/' : ''}src`;
    rules.push(await addKitProviders(tree, context, projectName, sourceRoot));
    if (options.theme !== false) {
      rules.push(addThemeToAppStyles(projectName));
    }
    // After the theme, which may be the one that names Roboto.
    rules.push(addRobotoWhereNamed(projectName, options.roboto === true));
    return chain(rules);
  };
}

/** The project to set up: the one asked for, else the workspace's only application. */
function pickProject(workspace: WorkspaceDefinition, requested: string | undefined): string {
  if (requested) {
    if (!workspace.projects.has(requested)) {
      throw new SchematicsException(
        `kit-chat-uikit-angular: no project "${requested}" in angular.json.`,
      );
    }
    return requested;
  }
  const applications = [...workspace.projects]
    .filter(([, project]) => project.extensions['projectType'] === 'application')
    .map(([name]) => name);
  if (applications.length !== 1) {
    throw new SchematicsException(
      `kit-chat-uikit-angular: pass --project, one of: ${applications.join(', ') || '(no application)'}.`,
    );
  }
  return applications[0];
}

/**
 * Adds `@angular/cdk` and `@angular/material` in the app's framework minor (`~21.2.0` for `@angular/core`
 * `^21.2.1`), unless the app already lists them. The CLI installs them after the schematic.
 */
function addFrameworkPackages(tree: Tree, context: SchematicContext): Rule {
  const core = dependencyRange(tree, '@angular/core');
  const minor = core && /(\d+)\.(\d+)/.exec(core);
  if (!minor) {
    context.logger.warn(
      'kit-chat-uikit-angular: no @angular/core in package.json; add @angular/cdk and @angular/material ' +
        'of your Angular version yourself.',
    );
    return noop();
  }
  const range = `~${minor[1]}.${minor[2]}.0`;
  return chain(
    ['@angular/cdk', '@angular/material'].map(name => {
      const existing = dependencyRange(tree, name);
      if (existing) {
        context.logger.info(`kit-chat-uikit-angular: keeping ${name}@${existing}.`);
        return noop();
      }
      context.logger.info(`kit-chat-uikit-angular: added ${name}@${range} to package.json.`);
      return addDependency(name, range, {
        type: DependencyType.Default,
        existing: ExistingBehavior.Skip,
      });
    }),
  );
}

/** The range of a package in the root package.json (dependencies or devDependencies), if listed. */
function dependencyRange(tree: Tree, name: string): string | null {
  const text = tree.readText('package.json');
  const json = JSON.parse(text) as Record<string, Record<string, string> | undefined>;
  return json['dependencies']?.[name] ?? json['devDependencies']?.[name] ?? null;
}

/** Matches a source file that already sets the kit up, whichever way. */
const KIT_SETUP = /\bprovideKitUIKit\s*\(|\bKitCallsModule\s*\.\s*forRoot\s*\(/;

/**
 * Adds the kit's root providers on the in-memory SDK: `provideKitUIKit` to a standalone app's config,
 * `KitCallsModule.forRoot` to the root NgModule. Skipped when any source file of the app already has either.
 */
async function addKitProviders(
  tree: Tree,
  context: SchematicContext,
  projectName: string,
  sourceRoot: string,
): Promise<Rule> {
  const existing = findFile(tree, sourceRoot, text => KIT_SETUP.test(text));
  if (existing) {
    context.logger.info(
      `kit-chat-uikit-angular: ${existing} already sets the kit up; left as it is.`,
    );
    return noop();
  }
  const mainPath = await getMainFilePath(tree, projectName);
  // The comment is the point of the generated code: the in-memory SDK is a stand-in until the app has its adapter.
  const options = (sdk: string) =>
    `{
      // The in-memory SDK rings with no server; play the far side with inject(KitInMemorySwitchboard).control.
      // Your own call SDK goes here instead: callsSdk: MyCallsSdk (a class that extends KitCallsSdk).
      callsSdk: ${sdk}({uid: 'me', name: 'Me'}),
    }`;
  if (isStandaloneApp(tree, mainPath)) {
    context.logger.info(
      'kit-chat-uikit-angular: added provideKitUIKit(...) on the in-memory SDK to the app config; ' +
        'replace kitInMemoryCallsSdk with your own SDK adapter when you have one.',
    );
    return addRootProvider(
      projectName,
      ({code, external}) =>
        code`${external('provideKitUIKit', 'kit-chat-uikit-angular')}(${options(
          external('kitInMemoryCallsSdk', 'kit-chat-uikit-angular/in-memory'),
        )})`,
    );
  }
  context.logger.info(
    'kit-chat-uikit-angular: added KitCallsModule.forRoot(...) on the in-memory SDK to the root module; ' +
      'replace kitInMemoryCallsSdk with your own SDK adapter when you have one.',
  );
  return addRootImport(
    projectName,
    ({code, external}) =>
      code`${external('KitCallsModule', 'kit-chat-uikit-angular')}.forRoot(${options(
        external('kitInMemoryCallsSdk', 'kit-chat-uikit-angular/in-memory'),
      )})`,
  );
}

/** The first non-spec TypeScript file under `dir` whose text matches, or null. */
function findFile(tree: Tree, dir: string, matches: (text: string) => boolean): string | null {
  let found: string | null = null;
  tree.getDir(dir).visit(path => {
    if (
      !found &&
      path.endsWith('.ts') &&
      !path.endsWith('.spec.ts') &&
      matches(tree.readText(path))
    ) {
      found = path;
    }
  });
  return found;
}
