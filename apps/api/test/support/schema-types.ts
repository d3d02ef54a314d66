import path from 'node:path';
import ts from 'typescript';

/** What a column of `db/schema.ts` says, in the terms a database can check. */
export interface DeclaredColumn {
  /** string (and string literal unions), number, or bytes (Buffer). */
  kind: 'string' | 'number' | 'bytes';
  nullable: boolean;
  /** `Generated<T>`: inserts may leave it out, so the database must have a default. */
  generated: boolean;
}

export type DeclaredSchema = Record<string, Record<string, DeclaredColumn>>;

const SCHEMA_FILE = path.resolve(import.meta.dirname, '../../src/db/schema.ts');

/**
 * Reads the `Database` interface of db/schema.ts with the TypeScript compiler (type aliases and Kysely's Generated
 * resolved as the compiler resolves them), table by table and column by column.
 */
export function readDeclaredSchema(file = SCHEMA_FILE): DeclaredSchema {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error(`${file} has no interface Database`);
  const schema: DeclaredSchema = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const columns: Record<string, DeclaredColumn> = {};
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      columns[column.name] = describe(
        checker,
        checker.getTypeOfSymbol(column),
        `${table.name}.${column.name}`,
      );
    }
    schema[table.name] = columns;
  }
  return schema;
}

function describe(checker: ts.TypeChecker, type: ts.Type, where: string): DeclaredColumn {
  let generated = false;
  if (type.aliasSymbol?.name === 'Generated' && type.aliasTypeArguments?.[0]) {
    generated = true;
    type = type.aliasTypeArguments[0];
  }
  const parts = type.isUnion() ? type.types : [type];
  const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
  const kinds = new Set(
    parts
      .filter((t) => !(t.flags & ts.TypeFlags.Null))
      .map((t) => {
        if (t.flags & ts.TypeFlags.StringLike) return 'string' as const;
        if (t.flags & ts.TypeFlags.NumberLike) return 'number' as const;
        if (t.getSymbol()?.name === 'Buffer') return 'bytes' as const;
        throw new Error(`${where}: a column type the check does not know (${checker.typeToString(t)})`);
      }),
  );
  if (kinds.size !== 1) throw new Error(`${where}: mixes ${[...kinds].join(' and ')}`);
  return { kind: [...kinds][0]!, nullable, generated };
}
