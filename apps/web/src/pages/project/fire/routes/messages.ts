/** The routes page's own messages (issue 34), defined once; the engine's are @edrf/fire's. */
export const ROUTES_MESSAGES = {
  /** Optimize pressed on a model with a rack but nothing a loop connects. */
  nothingToRoute: 'Nothing to optimize: the model has no detectors, call points or other loop units. Place them on the Units page first.',
} as const;
