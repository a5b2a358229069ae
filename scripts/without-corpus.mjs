// The test files that read the IFC corpus (../shared/ifc or IFC_CORPUS), run against an empty folder: on a clone with
// no corpus beside it each must pass and skip its corpus tests with a message, never fail to register a test.
// `node scripts/without-corpus.mjs` runs it alone; npm test runs it after the unit and API tests.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './install.mjs';

/** Runs the check; false, with the reason printed, when a corpus test file fails or skips nothing without the corpus. */
export function withoutCorpus(reports) {
  const files = testFiles(['apps', 'packages']).filter((f) => /IFC_CORPUS|corpusModels\(/.test(fs.readFileSync(f, 'utf8')));
  fs.mkdirSync(reports, { recursive: true });
  const empty = fs.mkdtempSync(path.join(reports, 'no-corpus-'));
  const report = path.join(reports, 'no-corpus.json');
  const env = { ...process.env, IFC_CORPUS: empty };
  delete env.DATABASE_URL; // the API test files here need not run twice to show that they skip
  console.log(`${files.length} test files read the corpus; running them with IFC_CORPUS=${empty}`);
  try {
    run(`npx vitest run --reporter=dot --reporter=json --outputFile=${report} ${files.map((f) => path.relative(root, f)).join(' ')}`, {
      env,
    });
    const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
    const skippedNothing = testResults
      .filter((f) => !f.assertionResults.some((a) => a.status === 'skipped' || a.status === 'pending'))
      .map((f) => path.relative(root, f.name));
    if (skippedNothing.length > 0) {
      console.error(`These read the IFC corpus but skipped nothing without it: ${skippedNothing.join(', ')}`);
      return false;
    }
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
}

function testFiles(folders) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.test\.tsx?$/.test(entry.name)) found.push(full);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return found.sort();
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(withoutCorpus(path.join(root, '.tmp', 'reports')) ? 0 : 1);
