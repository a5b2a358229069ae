// An upload's import runs at the priority of the threads that answer users, not at the regular workers' nice 10
// (start-worker.ts), and leaves the worker's nice as it found it for the 'Design all' that comes next.
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { REGULAR_NICE } from '../../src/compute/start-worker.js';
import { atUserPriority } from '../../src/ifc-upload/extraction-task.js';

/** Whether this thread may lower its nice again (root, CAP_SYS_NICE or RLIMIT_NICE); tried at nice 0, so harmless. */
const mayLowerNice = (): boolean => {
  try {
    os.setPriority(0);
    return true;
  } catch {
    return false;
  }
};

describe('an import in a regular worker', () => {
  const lowers = mayLowerNice();
  afterEach(() => {
    if (lowers) os.setPriority(0);
  });

  it('runs at nice 0 where the system allows it, and the worker is back at its nice after', async () => {
    os.setPriority(REGULAR_NICE);
    const during = await atUserPriority(() => Promise.resolve(os.getPriority()));
    expect(during).toBe(lowers ? 0 : REGULAR_NICE);
    expect(os.getPriority()).toBe(REGULAR_NICE);
  });

  it('is back at its nice after an import that failed', async () => {
    os.setPriority(REGULAR_NICE);
    await expect(atUserPriority(() => Promise.reject(new Error('The IFC file is incomplete')))).rejects.toThrow('incomplete');
    expect(os.getPriority()).toBe(REGULAR_NICE);
  });
});
