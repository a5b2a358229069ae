import { createStore } from '../lib/store';

/** Set by a 426 answer; stays until the page is reloaded (P§4). */
export const upgradeRequiredStore = createStore(false);

/** The full-screen loading message; null when nothing is running. */
export const loadingStore = createStore<string | null>(null);
