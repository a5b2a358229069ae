// @edrf/geometry declares the module shape of clipper2-wasm in a file of its own; the web app's
// compilation (which reads the package from source) sees it through this reference. An import
// cannot name a declaration-only file, hence the reference.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../packages/geometry/src/clipper2-shim.d.ts" />
