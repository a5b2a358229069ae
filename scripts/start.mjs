// npm start: install what is missing, build the web app, then serve app and API (migrations run at start).
import { spawn } from 'node:child_process';
import { ensureInstalled, root, run } from './install.mjs';
import serverEnv from '../apps/server/process-env.json' with { type: 'json' };

ensureInstalled();
console.log('Building the web app…');
run('npm run build --silent');

// With the environment a server process starts with (apps/server/src/process-env.ts, docs/operations.md "Memory").
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...serverEnv, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
