/**
 * @jest-environment node
 */
import {join} from 'node:path';
import ts from 'typescript';

/**
 * What an app sees on hover: every export of the `kit-chat-uikit-angular/in-memory` entry and every public member of
 * its classes, read from the sources with the TypeScript checker as the editor does.
 */
function entryApi(): {exports: ts.Symbol[]; checker: ts.TypeChecker} {
  const root = join(__dirname, '..', '..', '..');
  const entry = join(__dirname, 'public-api.ts');
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram({
    rootNames: [entry],
    options: {...parsed.options, noEmit: true},
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return {exports: checker.getExportsOfModule(module), checker};
}

function resolved(symbol: ts.Symbol, checker: ts.TypeChecker): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/**
 * Whether the symbol has a description of its own: a JSDoc with text, not only `@param` / `@returns` tags, and not
 * only what TypeScript borrows from the overridden method of `KitCallsSdk` (the typings of a bundled entry may not
 * carry it to the editor).
 */
function isDocumented(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some(declaration =>
    ts
      .getJSDocCommentsAndTags(declaration)
      .some(doc => ts.isJSDoc(doc) && ts.getTextOfJSDocComment(doc.comment)?.trim()),
  );
}

function isDocsPrivate(symbol: ts.Symbol): boolean {
  return symbol.getJsDocTags().some(tag => tag.name === 'docs-private');
}

/** The members an app can use: public, not `_`-prefixed, declared in this entry (not inherited from the port). */
function publicMembers(symbol: ts.Symbol): ts.Symbol[] {
  const members = [...(symbol.members?.values() ?? [])];
  return members.filter(member => {
    const declaration = member.valueDeclaration ?? member.declarations?.[0];
    if (!declaration || /^[_#]/.test(member.name) || member.name === '__constructor') {
      return false;
    }
    const flags = ts.getCombinedModifierFlags(declaration as ts.Declaration);
    return !(flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));
  });
}

describe('the kit-chat-uikit-angular/in-memory entry', () => {
  const {exports, checker} = entryApi();

  it('should document every export and every public member', () => {
    const undocumented: string[] = [];
    for (const exported of exports) {
      const symbol = resolved(exported, checker);
      if (!isDocumented(symbol)) {
        undocumented.push(exported.name);
      }
      for (const member of publicMembers(symbol)) {
        if (!isDocumented(member)) {
          undocumented.push(`${exported.name}.${member.name}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('should export nothing marked @docs-private', () => {
    const hidden = exports.filter(exported => isDocsPrivate(resolved(exported, checker)));
    expect(hidden.map(symbol => symbol.name)).toEqual([]);
  });
});
