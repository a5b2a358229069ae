// clipper2-wasm 0.4.0's package.json points "types" at a missing file; its types live in dist/clipper2z.d.ts.
declare module 'clipper2-wasm/dist/es/clipper2z.js' {
  import type { Clipper2ZFactoryFunction } from 'clipper2-wasm/dist/clipper2z';
  const factory: Clipper2ZFactoryFunction;
  export default factory;
}
