// The GlobalIds kept per stored IFC file (ifc-upload/global-ids.ts): written after the import answers, read after
// any write of the same file has ended.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGlobalIdStore } from '../../src/ifc-upload/global-ids.js';

const folders: string[] = [];
const dataDir = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-global-ids-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the GlobalId store', () => {
  it('answers a list as soon as its write has begun, and none for a file never kept', async () => {
    const store = createGlobalIdStore(dataDir());
    const errors: unknown[] = [];
    store.put('a'.repeat(64), JSON.stringify(['0YvctVUKr0kugbFTf53O9L', '3nYZf7kx5B4eMz$3HiVhDp']), (error) => errors.push(error));
    // Read at once, while the write (which makes the folder too) is still under way.
    expect(await store.get('a'.repeat(64))).toEqual(['0YvctVUKr0kugbFTf53O9L', '3nYZf7kx5B4eMz$3HiVhDp']);
    expect(await store.get('b'.repeat(64))).toBeNull();
    store.put('a'.repeat(64), JSON.stringify(['1Kq2NmZmz0eP4hyQq7Sx2X']), (error) => errors.push(error));
    expect(await store.get('a'.repeat(64))).toEqual(['1Kq2NmZmz0eP4hyQq7Sx2X']);
    expect(errors).toEqual([]);
  });

  it('tells a write that fails, and then has no list for that file', async () => {
    const dir = dataDir();
    // A file where the folder should be: the folder cannot be made.
    fs.writeFileSync(path.join(dir, 'ifc-global-ids'), 'not a folder');
    const store = createGlobalIdStore(dir);
    const errors: unknown[] = [];
    store.put('c'.repeat(64), '[]', (error) => errors.push(error));
    expect(await store.get('c'.repeat(64))).toBeNull();
    expect(errors).toHaveLength(1);
  });
});
