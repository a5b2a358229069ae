/**
 * Loading Clipper2 (clipper2-wasm), once per thread, in Node and in a browser or Web Worker.
 *
 * In Node the module finds its .wasm file next to itself. Under a bundler (Vite) that file must be emitted as an asset
 * and its URL handed in before the first use:
 *
 *   import wasmUrl from 'clipper2-wasm/dist/es/clipper2z.wasm?url';
 *   configureClipper({ wasmUrl });
 *
 * or pass the bytes (`wasmBinary`) when the worker already has them.
 */
import type { MainModule } from 'clipper2-wasm/dist/clipper2z';

export type { MainModule as ClipperModule };

export interface ClipperSource {
  /** Where the browser fetches clipper2z.wasm from. */
  wasmUrl?: string;
  /** The bytes of clipper2z.wasm. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

let source: ClipperSource = {};
let loading: Promise<MainModule> | undefined;
let loaded: MainModule | undefined;

/** Where the WebAssembly comes from; call before the first loadClipper (later calls only affect a failed load's retry). */
export function configureClipper(next: ClipperSource): void {
  source = { ...next };
}

/** The Clipper2 module, loaded once per thread; a failed load is retried by the next call. */
export function loadClipper(): Promise<MainModule> {
  if (!loading) {
    const { wasmUrl, wasmBinary } = source;
    const overrides: Partial<MainModule & EmscriptenModule> = {};
    if (wasmUrl) overrides.locateFile = () => wasmUrl;
    if (wasmBinary) overrides.wasmBinary = wasmBinary instanceof Uint8Array ? wasmBinary.slice().buffer : wasmBinary;
    // Imported on first use, so that a bundle that only measures polygons carries no Clipper2.
    loading = import('clipper2-wasm/dist/es/clipper2z.js')
      .then(({ default: Clipper2Z }) => Clipper2Z(overrides))
      .then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
  }
  return loading;
}

/** The Clipper2 module if loadClipper has finished, else undefined. */
export const loadedClipper = (): MainModule | undefined => loaded;
