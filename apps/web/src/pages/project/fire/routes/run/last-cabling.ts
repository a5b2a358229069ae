import type { Model } from '@edrf/model';
import { createStore, useStore } from '../../../../../lib/store';
import { loopsSignature, type LastCabling, type RouteWarning } from './cabling-warnings';

/**
 * The warnings of the project's last loop cabling, Optimize's or Design all's (issue 26), with the loops it left: the
 * routes page lists those it cannot compute from the model while the loops stay so (cabling-warnings.ts). Kept for
 * the session, per project.
 */
const lastCablingStore = createStore<Readonly<Record<string, LastCabling>>>({});

/** `model`: the model with the run's answer applied. */
export const setLastCabling = (projectId: string, warnings: readonly RouteWarning[], model: Model) =>
  lastCablingStore.set((all) => ({ ...all, [projectId]: { warnings, loops: loopsSignature(model.fire) } }));

/** Null before the first cabling of the session. */
export const useLastCabling = (projectId: string): LastCabling | null => useStore(lastCablingStore)[projectId] ?? null;
