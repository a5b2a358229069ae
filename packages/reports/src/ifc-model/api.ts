// This thread's web-ifc: started once (its WebAssembly compiled on first use), quiet about the files it reads.
import { IfcAPI, LogLevel } from 'web-ifc';

let started: Promise<IfcAPI> | undefined;

export function ifcApi(): Promise<IfcAPI> {
  started ??= (async () => {
    const api = new IfcAPI();
    await api.Init(undefined, true);
    api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
    return api;
  })();
  return started;
}

/** After a trap of its module ('memory access out of bounds') the instance is dropped: the next report starts a new one. */
export function dropIfcApi(error: unknown): void {
  if (error instanceof WebAssembly.RuntimeError) started = undefined;
}
