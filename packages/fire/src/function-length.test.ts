import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/long-functions.mjs');

// Issue 39: a newcomer reads the engine step by step, so no function in packages/fire is over 120 lines. The check is
// the script `npm run check:functions` runs, so that the test and the command anyone runs cannot disagree.
describe('function length in packages/fire', () => {
  it('has no function, method or arrow function over 120 lines', () => {
    const run = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8' });
    const found = JSON.parse(run.stdout) as { file: string; line: number; name: string; lines: number }[];
    expect(found.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('names a long function, its file, line and length, and passes shorter ones', () => {
    // The check must be able to fail: a function of 121 lines is listed, one of 120 and an arrow of 120 are not.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-functions-'));
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  s += ${i};`).join('\n');
    fs.writeFileSync(
      path.join(dir, 'sample.ts'),
      `export function tooLong(): number {\n  let s = 0;\n${body(119)}\n  return s;\n}\n` +
        `export function justRight(): number {\n${body(120)}\n}\n` +
        `export const arrow = () => {\n${body(120)}\n};\n`,
    );
    fs.writeFileSync(path.join(dir, 'sample.test.ts'), `export function inTest() {\n${body(200)}\n}\n`);
    const run = spawnSync(process.execPath, [script, dir, '--json'], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true });
    expect(run.status).toBe(1);
    const found = JSON.parse(run.stdout) as { file: string; line: number; name: string; lines: number }[];
    expect(found.map((f) => [path.basename(f.file), f.line, f.name, f.lines])).toEqual([['sample.ts', 1, 'tooLong', 121]]);
  });
});
