/**
 * The tree's health figures (docs/architecture.md "Health figures"): lines of non-test
 * TypeScript, functions over 80 lines (and per 1,000 lines), the largest functions. A function is
 * any function, method, arrow function or accessor, nested ones counted on their own; its length
 * is its lines from the first to the last. Tests, fixtures, generated and built files are left out.
 *
 *   npm run figures            the figures and the 15 largest functions
 *   npm run figures -- 40      the 40 largest
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const SOURCES = ['apps', 'packages'];
const LEFT_OUT =
  /(^|\/)(node_modules|dist|build|test|tests|\.react-router|drizzle|fixtures)(\/|$)|\.test\.tsx?$|\.d\.ts$/;
const LONG = 80;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (LEFT_OUT.test(relative(ROOT, path))) continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

type Found = { file: string; line: number; name: string; lines: number };

function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

let totalLines = 0;
const functions: Found[] = [];
for (const top of SOURCES) {
  for (const file of sourceFiles(join(ROOT, top))) {
    const text = readFileSync(file, 'utf8');
    totalLines += text.split('\n').length;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        functions.push({
          file: relative(ROOT, file),
          line: start + 1,
          name: functionName(node),
          lines: end - start + 1,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

const long = functions.filter((f) => f.lines > LONG);
const most = Number(process.argv[2] ?? 15);
console.log(`non-test TypeScript lines: ${totalLines}`);
console.log(`functions: ${functions.length}; over ${LONG} lines: ${long.length}`);
console.log(`over ${LONG} lines per 1,000 lines: ${((long.length / totalLines) * 1000).toFixed(2)}`);
console.log(`the ${most} largest:`);
for (const f of [...functions].sort((a, b) => b.lines - a.lines).slice(0, most))
  console.log(`  ${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
