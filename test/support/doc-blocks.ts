import ts from 'typescript';

/** A ```ts block of a guide. */
export interface DocBlock {
  /** The document, relative to the repository root. */
  readonly file: string;
  /** 1-based line of the block's first code line in the document. */
  readonly line: number;
  readonly code: string;
  /** From a `<!-- check: … -->` comment on the line before the fence. */
  readonly mode: 'typecheck' | 'run' | 'skip';
}

/**
 * The TypeScript blocks of a document. A block is type-checked; the comment
 * `<!-- check: run -->` before it marks a whole test file, also run with vitest;
 * `<!-- check: skip (why) -->` leaves out a block that is not code to compile.
 */
export function docBlocks(file: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```ts') continue;
    const end = lines.indexOf('```', i + 1);
    const marker = /^<!-- check: (run|skip)\b.*-->$/.exec(lines[i - 1] ?? '')?.[1];
    blocks.push({
      file,
      line: i + 2,
      code: lines.slice(i + 1, end).join('\n'),
      mode: marker === 'run' || marker === 'skip' ? marker : 'typecheck',
    });
    i = end;
  }
  return blocks;
}

/** The names a block declares at its top level (imports included). */
export function declaredNames(code: string): Set<string> {
  const names = new Set<string>();
  const bind = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else
      for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.ES2023);
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) bind(declaration.name);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    } else if (ts.isImportDeclaration(statement) && statement.importClause) {
      const { name, namedBindings } = statement.importClause;
      if (name) names.add(name.text);
      if (namedBindings && ts.isNamespaceImport(namedBindings)) names.add(namedBindings.name.text);
      if (namedBindings && ts.isNamedImports(namedBindings)) {
        for (const element of namedBindings.elements) names.add(element.name.text);
      }
    }
  }
  return names;
}

/** Whether a block imports anything, i.e. is written as a whole module. */
export function hasImports(code: string): boolean {
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.ES2023);
  return source.statements.some(ts.isImportDeclaration);
}
