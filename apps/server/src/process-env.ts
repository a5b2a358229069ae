/**
 * The environment a server process starts with beside its configuration, set by whatever starts one (scripts/start.mjs,
 * the tests' and benches' server processes): glibc's malloc keeps freed memory for reuse instead of handing it back to
 * the system at once. On the virtual machines we run on, memory touched for the first time costs about 3 ms a MB, so
 * an upload's buffers, the file's index and its results, made afresh for each import, took 150 ms of the 26 MB model's
 * import (docs/operations.md, "Memory"). Read by glibc when the process starts: it cannot be set from within.
 */
import processEnv from '../process-env.json' with { type: 'json' };

export const SERVER_PROCESS_ENV: Readonly<Record<string, string>> = processEnv;
