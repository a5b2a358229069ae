import { createStore, useStore } from '../../../../../lib/store';
import type { CablingAnswer } from './optimize-edits';

export type CablingWarnings = CablingAnswer['validation']['warnings'];

/**
 * The warnings of the project's last loop cabling, Optimize's or Design all's (issue 26): the routes page lists them
 * whichever page ran it. Kept for the session, per project.
 */
const lastCablingStore = createStore<Readonly<Record<string, CablingWarnings>>>({});

export const setLastCabling = (projectId: string, warnings: CablingWarnings) =>
  lastCablingStore.set((all) => ({ ...all, [projectId]: warnings }));

/** Null before the first cabling of the session. */
export const useLastCabling = (projectId: string): CablingWarnings | null => useStore(lastCablingStore)[projectId] ?? null;
