// No import circle in the server, its tests or the benches (issue 39): a file's imports lead away from it, so a
// newcomer can read the path from a route to the engines in one direction. `npx madge --circular --extensions ts
// apps/server/src` says the same; madge cannot be a devDependency (its TypeScript peer range stops at 5), so the suite
// checks it itself.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCircles, importGraph } from '../support/import-circles.js';

const repo = path.resolve(import.meta.dirname, '../../../..');
const circlesIn = (folder: string) =>
  findCircles(importGraph(path.join(repo, folder), path.join(repo, 'tsconfig.json'))).map((circle) =>
    circle.map((file) => path.relative(repo, file)).join(' → '),
  );

describe('import circles', () => {
  it.each(['apps/server/src', 'apps/server/test', 'bench'])('%s has none', (folder) => {
    expect(circlesIn(folder)).toEqual([]);
  });

  it('names each circle by its files, in import order, round to the first', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['a']],
    ]);
    expect(findCircles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
  });
});
