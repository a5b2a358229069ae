// No import circle in the server, its tests, the benches, the web app, packages/ifc and packages/reports (issue 39): a
// file's imports lead away from it, so a newcomer can read the path from a route to the engines, or from a reader to
// the shapes it reads, in one direction. Type-only imports count too (import-circles.ts). `npx madge --circular
// --extensions ts apps/server/src` says the same; madge cannot be a devDependency (its TypeScript peer range stops at
// 5), so the suite checks it itself.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCircles, importGraph } from '../support/import-circles.js';

const repo = path.resolve(import.meta.dirname, '../../../..');
/** A tree's circles, its imports resolved as its own tsconfig resolves them (the web app has its own). */
const circlesIn = (folder: string, tsconfig = 'tsconfig.json') =>
  findCircles(importGraph(path.join(repo, folder), path.join(repo, tsconfig))).map((circle) =>
    circle.map((file) => path.relative(repo, file)).join(' → '),
  );

describe('import circles', () => {
  it.each(['apps/server/src', 'apps/server/test', 'bench', 'packages/ifc/src', 'packages/reports/src'])('%s has none', (folder) => {
    expect(circlesIn(folder)).toEqual([]);
  });

  it('apps/web/src has none', () => {
    expect(circlesIn('apps/web/src', 'apps/web/tsconfig.json')).toEqual([]);
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
