// Writes one table of inputs, one of outputs and one of slots per screen into docs/screens.md, between the markers
// <!-- api-tables:start --> and <!-- api-tables:end -->, read from the library's sources with the TypeScript
// compiler (inherited inputs included, private members left out), so the guide never drifts from the typings.
//
//   node tools/api-tables.mjs           rewrites docs/screens.md
//   node tools/api-tables.mjs --check   exits 1 (and says so) when docs/screens.md is stale; CI runs this
//
// Inputs and outputs are the public properties initialised with input(), input.required(), model() or output();
// their description is the property's JSDoc (first paragraph), their type the first type argument of the declared
// type (InputSignal<T>, InputSignalWithTransform<T, U>, OutputEmitterRef<T>). Slots are the component's
// contentChild() queries of a directive whose selector is ng-template[kitX], paired with the template input of the
// same part (kitIncomingCallTitle ↔ titleView).
import {readFileSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LIB = join(ROOT, 'projects', 'kit-chat-uikit-angular', 'src');
const PAGE = join(ROOT, 'docs', 'screens.md');
const START = '<!-- api-tables:start -->';
const END = '<!-- api-tables:end -->';

/** The screens, in the order of the page. */
const SCREENS = [
  {
    file: 'incoming-call/incoming-call.ts',
    name: 'KitIncomingCallComponent',
    prefix: 'kitIncomingCall',
  },
  {
    file: 'outgoing-call/outgoing-call.ts',
    name: 'KitOutgoingCallComponent',
    prefix: 'kitOutgoingCall',
  },
  {file: 'ongoing-call/ongoing-call.ts', name: 'KitOngoingCallComponent', prefix: 'kitOngoingCall'},
  {file: 'ring/call-waiting.ts', name: 'KitCallWaitingComponent', prefix: 'kitCallWaiting'},
  {file: 'avatar/avatar.ts', name: 'KitAvatarComponent', prefix: 'kitAvatar'},
];

function program() {
  const configPath = join(ROOT, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  return ts.createProgram({
    rootNames: SCREENS.map(screen => join(LIB, screen.file)),
    options: {...parsed.options, noEmit: true},
  });
}

/** `input`, `input.required`, `model`, `output`, `contentChild`… for an initialiser that calls one of them. */
function calledFunction(node) {
  if (!node || !ts.isCallExpression(node)) {
    return null;
  }
  return node.expression.getText();
}

/** The first paragraph of a symbol's JSDoc, on one line, with pipes escaped for a Markdown table. */
function describe(symbol, checker) {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const first = text.split(/\n\s*\n/)[0].replace(/\s+/g, ' ');
  return cell(first);
}

function cell(text) {
  // The spec's Android names mean nothing to an Angular reader of this page.
  return text.replace(/\s*\(spec: (?:`[^`]*`|[^)`])*\)/g, '').replace(/\|/g, '\\|');
}

/** `T` of `InputSignal<T>` / `InputSignalWithTransform<T, U>` / `OutputEmitterRef<T>`, as written. */
function valueType(declaration, checker) {
  const annotation = declaration.type;
  if (annotation && ts.isTypeReferenceNode(annotation) && annotation.typeArguments?.length) {
    return expandAlias(annotation.typeArguments[0], checker).replace(/\s+/g, ' ');
  }
  const call = declaration.initializer;
  if (call?.typeArguments?.length) {
    return expandAlias(call.typeArguments[0], checker).replace(/\s+/g, ' ');
  }
  const type = checker.getTypeAtLocation(declaration);
  const [argument] = checker.getTypeArguments(type) ?? [];
  return checker.typeToString(argument ?? type);
}

/**
 * A type written as one alias (`Template`, `Css`, `KitStyleValue`) reads better as what it stands for, since a
 * local alias is nowhere else in the docs: one level is expanded.
 */
function expandAlias(node, checker) {
  if (!ts.isTypeReferenceNode(node) || node.typeArguments?.length) {
    return node.getText();
  }
  let symbol = checker.getSymbolAtLocation(node.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
    symbol = checker.getAliasedSymbol(symbol);
  }
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (!alias) {
    return node.getText();
  }
  const exported = ts.getCombinedModifierFlags(alias) & ts.ModifierFlags.Export;
  const plain = alias.type
    .getText()
    .split('|')
    .every(part => /^\s*(string|number|boolean|null|undefined)\s*$/.test(part));
  // A named union of literals (KitCallEndReason) is documented under its name; a local alias or a plain
  // `string | null | undefined` is clearer spelled out.
  return !exported || plain ? alias.type.getText() : node.getText();
}

function defaultValue(declaration) {
  const call = declaration.initializer;
  const fn = calledFunction(call);
  if (fn === 'input' || fn === 'model') {
    const [first] = call.arguments;
    return first ? first.getText() : '';
  }
  return fn === 'input.required' ? 'required' : '';
}

function aliasOf(declaration) {
  const call = declaration.initializer;
  const options = call.arguments.find(arg => ts.isObjectLiteralExpression(arg));
  const alias = options?.properties.find(p => p.name?.getText() === 'alias');
  return alias && ts.isPropertyAssignment(alias)
    ? alias.initializer.getText().replace(/['"]/g, '')
    : null;
}

function isPublic(declaration) {
  const flags = ts.getCombinedModifierFlags(declaration);
  return (
    !(flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) &&
    !declaration.name.getText().startsWith('_')
  );
}

function selectorOf(classDeclaration) {
  for (const decorator of ts.getDecorators(classDeclaration) ?? []) {
    const call = decorator.expression;
    const config = ts.isCallExpression(call) ? call.arguments[0] : null;
    const selector = config?.properties?.find(p => p.name?.getText() === 'selector');
    if (selector && ts.isPropertyAssignment(selector)) {
      return selector.initializer.getText().slice(1, -1);
    }
  }
  return null;
}

function tableOf(screen, prog) {
  const checker = prog.getTypeChecker();
  const source = prog.getSourceFile(join(LIB, screen.file));
  const classDeclaration = source.statements.find(
    node => ts.isClassDeclaration(node) && node.name?.text === screen.name,
  );
  if (!classDeclaration) {
    throw new Error(`api-tables: no class ${screen.name} in ${screen.file}`);
  }
  const classType = checker.getTypeAtLocation(classDeclaration);
  const inputs = [];
  const outputs = [];
  const slots = [];
  for (const property of checker.getPropertiesOfType(classType)) {
    const declaration = property.valueDeclaration;
    if (!declaration || !ts.isPropertyDeclaration(declaration)) {
      continue;
    }
    const fn = calledFunction(declaration.initializer);
    if (fn === 'contentChild' || fn === 'contentChild.required') {
      const [query] = declaration.initializer.arguments;
      const target = query && checker.getSymbolAtLocation(query);
      const directive = target?.valueDeclaration;
      const selector = directive && ts.isClassDeclaration(directive) && selectorOf(directive);
      const attribute = selector && /^ng-template\[(\w+)\]$/.exec(selector)?.[1];
      if (attribute) {
        slots.push({attribute, directive: target.name, doc: describe(target, checker)});
      }
      continue;
    }
    if (!isPublic(declaration)) {
      continue;
    }
    const name = property.name;
    if (fn === 'input' || fn === 'input.required' || fn === 'model') {
      inputs.push({
        name: aliasOf(declaration) ?? name,
        type: valueType(declaration, checker),
        default: defaultValue(declaration),
        doc: describe(property, checker),
      });
    } else if (fn === 'output') {
      outputs.push({
        name: aliasOf(declaration) ?? name,
        type: valueType(declaration, checker),
        doc: describe(property, checker),
      });
    }
  }
  const selector = selectorOf(classDeclaration);
  const lines = [
    `### \`<${selector}>\` (\`${screen.name}\`)`,
    '',
    describe(checker.getSymbolAtLocation(classDeclaration.name), checker),
    '',
  ];
  if (inputs.length) {
    lines.push('| input | type | default | description |', '|---|---|---|---|');
    for (const input of inputs) {
      lines.push(
        `| \`${input.name}\` | \`${cell(input.type)}\` | ${input.default ? `\`${cell(input.default)}\`` : ''} | ${input.doc} |`,
      );
    }
    lines.push('');
  }
  if (outputs.length) {
    lines.push('| output | payload | description |', '|---|---|---|');
    for (const output of outputs) {
      lines.push(`| \`(${output.name})\` | \`${cell(output.type)}\` | ${output.doc} |`);
    }
    lines.push('');
  }
  if (slots.length) {
    lines.push('| slot | template input | directive | description |', '|---|---|---|---|');
    for (const slot of slots) {
      const part = slot.attribute.slice(screen.prefix.length);
      const input = `${part[0].toLowerCase()}${part.slice(1)}View`;
      const hasInput = inputs.some(i => i.name === input);
      lines.push(
        `| \`<ng-template ${slot.attribute}>\` | ${hasInput ? `\`${input}\`` : ''} | \`${slot.directive}\` | ${slot.doc} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** The generated part of the page, markers included. */
export function generate() {
  const prog = program();
  const body = SCREENS.map(screen => tableOf(screen, prog)).join('\n');
  return `${START}\n<!-- Generated by \`node tools/api-tables.mjs\` from the library's sources: do not edit by hand. -->\n\n${body}\n${END}`;
}

function main() {
  const page = readFileSync(PAGE, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) {
    console.error(`api-tables: ${PAGE} has no ${START} … ${END} markers`);
    return 2;
  }
  const next = page.slice(0, start) + generate() + page.slice(end + END.length);
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error(
        'api-tables: docs/screens.md is stale: run `node tools/api-tables.mjs` and commit it',
      );
      return 1;
    }
    console.log('api-tables: docs/screens.md is current');
    return 0;
  }
  writeFileSync(PAGE, next);
  console.log(`api-tables: wrote ${SCREENS.length} screens into docs/screens.md`);
  return 0;
}

process.exitCode = main();
