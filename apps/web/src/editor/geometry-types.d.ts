// @edrf/geometry declares the module shape of clipper2-wasm in a file of its own; the web app's
// compilation sees it through this reference (the package is compiled from source here).
/// <reference path="../../../../packages/geometry/src/clipper2-shim.d.ts" />
