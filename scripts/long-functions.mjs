// Lists the functions, methods and arrow functions of packages/fire/src (tests aside) longer than a limit, so that
// "no function in packages/fire over 120 lines" (issue 39) is a check anyone can run: `npm run check:functions`.
//   node scripts/long-functions.mjs [dir] [--max=120] [--json]
// Lines are counted from the line a function starts on to the line it ends on; a function's nested functions count
// in its length too, since a reader must read through them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every .ts file under `dir`, tests and declaration files aside, in a stable order. */
function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The name a reader would look for: the function's own, or the variable, property or class member holding it. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)))
    return parent.name.getText();
  return '(anonymous)';
}

const isFunction = (n) =>
  ts.isFunctionDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isSetAccessorDeclaration(n);

/** The functions of the files under `dir` longer than `max` lines: file (relative to the repository), line, name, lines. */
export function longFunctions(dir = path.join(root, 'packages/fire/src'), max = 120) {
  const found = [];
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (isFunction(node) && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = last - first + 1;
        if (lines > max) found.push({ file: path.relative(root, file), line: first + 1, name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const max = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? 120);
  const found = longFunctions(dir ? path.resolve(dir) : undefined, max);
  if (args.includes('--json')) console.log(JSON.stringify(found));
  else {
    for (const f of found) console.log(`${f.file}:${f.line} ${f.name} ${f.lines} lines`);
    console.log(found.length === 0 ? `No function over ${max} lines.` : `${found.length} functions over ${max} lines.`);
  }
  process.exitCode = found.length === 0 ? 0 : 1;
}
