import { join } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** What only the server reads of an endpoint record: the schemas it validates and serialises with, and the words of its OpenAPI page. */
const SERVER_ONLY_FIELDS = new Set([
  'params',
  'query',
  'body',
  'headers',
  'result',
  'summary',
  'tag',
]);
/** The id prefix of the modules the contract's browser values move to (web/vite.config.ts groups them). */
export const BROWSER_CONTRACT_VALUES = '\0browser-endpoints:';
const PURE = '/* @__PURE__ */ ';
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * Marks every call in a top-level value pure, the outermost first. A call a
 * chain goes on from (`z.string()` in `z.string().min(1)`) starts where the
 * whole chain does, so it is put in parentheses to carry its own mark.
 * Function bodies are left alone: they do not run at import.
 */
function markCallsPure(node: unknown, output: MagicString, chained = false): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) markCallsPure(child, output);
    return;
  }
  const typed = node as Node;
  if (FUNCTIONS.has(typed.type)) return;
  if (typed.type === 'CallExpression') {
    output.appendLeft(typed.start, chained ? `(${PURE}` : PURE);
    if (chained) output.appendLeft(typed.end, ')');
    const callee = typed.callee as Node;
    if (callee.type === 'MemberExpression') markCallsPure(callee.object, output, true);
    markCallsPure(typed.arguments, output);
    return;
  }
  for (const [key, value] of Object.entries(typed)) {
    if (key !== 'type' && value && typeof value === 'object') markCallsPure(value, output);
  }
}

/** A value copied as written: a string, a template without `${}`, a list of those. */
function isLiteral(node: Node): boolean {
  if (node.type === 'Literal') return true;
  if (node.type === 'TemplateLiteral') return (node.expressions as Node[]).length === 0;
  if (node.type === 'ArrayExpression') return (node.elements as Node[]).every(isLiteral);
  return false;
}

/** Where TypeScript puts types in a value's code: erased, so what they name is not used. */
const TYPE_FIELDS = new Set(['typeAnnotation', 'returnType', 'typeParameters', 'typeArguments']);

/** The names a piece of code mentions (over-approximated: property names count too), types aside. */
function mentionedNames(node: unknown, names = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object') return names;
  if (Array.isArray(node)) {
    for (const child of node) mentionedNames(child, names);
    return names;
  }
  const typed = node as Node;
  if (typed.type === 'Identifier') names.add(String(typed.name));
  for (const [key, value] of Object.entries(typed))
    if (value && typeof value === 'object' && !TYPE_FIELDS.has(key)) mentionedNames(value, names);
  return names;
}

/** `export const X = 'text'` or `[...] as const`: a plain value, copied as written. */
function plainValue(statement: Node): string | undefined {
  const declaration = statement.declaration as Node | undefined;
  if (statement.type !== 'ExportNamedDeclaration' || declaration?.type !== 'VariableDeclaration') {
    return undefined;
  }
  const [declarator, ...others] = declaration.declarations as Node[];
  let value = declarator?.init as Node | undefined;
  while (value && (value.type === 'TSAsExpression' || value.type === 'TSSatisfiesExpression')) {
    value = value.expression as Node;
  }
  if (others.length > 0 || !value || !isLiteral(value)) return undefined;
  return String((declarator?.id as Node).name);
}

/**
 * `export const name = defineEndpoint({...})` as the browser keeps it: the
 * record's text without its schemas, or undefined when it is something else
 * or a kept field is not a literal.
 */
function browserEndpoint(
  statement: Node,
  code: string,
): { name: string; text: string } | undefined {
  const declaration = statement.declaration as Node | undefined;
  if (statement.type !== 'ExportNamedDeclaration' || declaration?.type !== 'VariableDeclaration') {
    return undefined;
  }
  const [declarator] = declaration.declarations as Node[];
  const init = declarator?.init as Node | undefined;
  const [record] = (init?.arguments as Node[] | undefined) ?? [];
  if ((init?.callee as Node | undefined)?.name !== 'defineEndpoint') return undefined;
  if (record?.type !== 'ObjectExpression') return undefined;
  const kept = (record.properties as Node[]).filter(
    (property) => !SERVER_ONLY_FIELDS.has(String((property.key as Node | undefined)?.name)),
  );
  if (
    !kept.every((property) => property.type === 'Property' && isLiteral(property.value as Node))
  ) {
    return undefined;
  }
  const fields = kept.map((property) => code.slice(property.start, property.end)).join(', ');
  return { name: String((declarator?.id as Node).name), text: `defineEndpoint({ ${fields} })` };
}

/**
 * The browser build's copy of the contract (issue 14 budgets). The web app
 * sends typed requests and trusts the shop's answers (it does not parse
 * them), so it needs an endpoint's method, path and auth, never its schemas:
 * each file's endpoint records move, without their schemas, to a module of
 * their own, and the file's other values (schemas built by calls,
 * `z.object(...)`) are marked pure, which they are. A page then loads only
 * the schemas its forms validate with, and zod with them, not the whole
 * contract on the first load. Types are unchanged; the server build and the
 * server use the contract as written.
 */
export function browserContract(): Plugin {
  const endpointModules = new Map<string, string>();
  return {
    name: 'shop:browser-contract',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    resolveId: (id) => (id.startsWith(BROWSER_CONTRACT_VALUES) ? id : null),
    load: (id) => {
      const code = endpointModules.get(id);
      return code === undefined ? null : { code, moduleType: 'ts' };
    },
    transform(code, id) {
      if (id.startsWith(BROWSER_CONTRACT_VALUES) || !id.includes('/contract/src/')) return null;
      const ast = this.parse(code, { lang: 'ts' }) as unknown as { body: Node[] };
      const output = new MagicString(code);
      const endpoints: { name: string; text: string }[] = [];
      // Plain values and the functions that use nothing else of the file move too, so a
      // page that needs SIZES or isSize() does not load the file's schemas with them.
      const moved: { name: string; text: string }[] = [];
      const movedNames = new Set<string>();
      const localNames = new Set<string>();
      for (const statement of ast.body) {
        for (const name of mentionedNames(
          statement.type === 'ImportDeclaration' ? statement.specifiers : [],
        )) {
          localNames.add(name);
        }
        // Exported or not: `function layerInk()` beside `export function layerBounds()` that calls it.
        const declaration = (
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        ) as Node | undefined;
        const ids = [
          declaration?.id,
          ...((declaration?.declarations as Node[] | undefined) ?? []).map(({ id }) => id),
        ];
        for (const name of mentionedNames(ids)) localNames.add(name);
      }
      const selfContained = (node: unknown) =>
        [...mentionedNames(node)].every((name) => !localNames.has(name) || movedNames.has(name));
      for (const statement of ast.body) {
        const endpoint = browserEndpoint(statement, code);
        const plain = endpoint ? undefined : plainValue(statement);
        const declaration = statement.declaration as Node | undefined;
        // Its parameters and body: `isSize(value): value is Size` uses neither its own name nor the type.
        const fn =
          statement.type === 'ExportNamedDeclaration' &&
          declaration?.type === 'FunctionDeclaration' &&
          selfContained([declaration.params, declaration.body])
            ? String((declaration.id as Node).name)
            : undefined;
        if (endpoint) endpoints.push(endpoint);
        const name = endpoint?.name ?? plain ?? fn;
        if (name) {
          movedNames.add(name);
          if (!endpoint) moved.push({ name, text: code.slice(statement.start, statement.end) });
          output.remove(statement.start, statement.end);
          continue;
        }
        const variables =
          statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
        if (variables?.type !== 'VariableDeclaration') continue;
        for (const declarator of variables.declarations as Node[]) {
          markCallsPure(declarator.init, output);
        }
      }
      // Each endpoint's record is a module of its own, so it lands in the chunk of the pages that
      // call it: in one module per file, the shop's first load carried the admin's records of
      // every contract file the shop calls into (issue 14 budget).
      const endpointFile = JSON.stringify(join(id, '..', 'endpoint.ts'));
      const imports: string[] = [];
      for (const { name, text } of endpoints) {
        const moduleId = `${BROWSER_CONTRACT_VALUES}${id}#${name}`;
        endpointModules.set(
          moduleId,
          `import { defineEndpoint } from ${endpointFile};\nexport const ${name} = ${PURE}${text};`,
        );
        imports.push(`import { ${name} } from ${JSON.stringify(moduleId)};`);
      }
      if (moved.length > 0) {
        const moduleId = `${BROWSER_CONTRACT_VALUES}${id}`;
        endpointModules.set(moduleId, moved.map(({ text }) => text).join('\n'));
        imports.push(
          `import { ${moved.map(({ name }) => name).join(', ')} } from ${JSON.stringify(moduleId)};`,
        );
      }
      if (movedNames.size > 0) {
        // The file's own code may use what moved: import it back under the same names.
        output.prepend(`${imports.join('\n')}\n`);
        output.append(`\nexport { ${[...movedNames].join(', ')} };\n`);
      }
      return {
        code: output.toString(),
        map: output.generateMap({ hires: true }),
        // Importing a contract module does nothing but define values.
        moduleSideEffects: false,
      };
    },
  };
}
