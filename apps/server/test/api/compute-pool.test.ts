// The compute pool's worker threads, through the ifc_import task (docs/ifc-upload.md): a worker that
// dies or throws fails its task and is replaced; a file that cannot be read is refused; the server
// goes on to the next task. Workers are started on first use, or all at once when asked, and reused.
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyModel, type Arch } from '@edrf/model';
import type { ExtractionInput, ExtractionResult } from '../../src/ifc-upload/extraction.js';
import { ComputePool } from '../../src/compute/pool.js';
import { computeWorkers } from '../../src/compute/worker-count.js';
import { startComputeWorker } from '../../src/compute/start-worker.js';
import { TaskFailed, TaskRefused } from '../../src/compute/protocol.js';
import type { TaskRequest } from '../../src/compute/messages.js';

/** Each test starts compute workers, each loading web-ifc: on a loaded 2-core machine that alone took over 20 s. */
const WORKER_START_TIMEOUT = 60_000;

const threadIds: number[] = [];
const pool = new ComputePool(1, () => {
  const worker = startComputeWorker();
  threadIds.push(worker.threadId);
  return worker;
});
const runExtraction = (
  input: ExtractionInput,
  onProgress: (step: string) => void = () => {},
  options: Pick<TaskRequest, 'crashForTest'> = {},
) => pool.run('ifc_import', input, onProgress, options);
afterAll(() => pool.close());
/** The merged arch of an answer (it comes as JSON text). */
const archOf = (result: ExtractionResult): Arch => JSON.parse(Buffer.from(result.arch_json).toString('utf8')) as Arch;

const shared = (text: string) => {
  const bytes = Buffer.from(text, 'latin1');
  const out = new Uint8Array(new SharedArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
};

const input = (text: string, extra: Partial<ExtractionInput> = {}): ExtractionInput => ({
  bytes: shared(text),
  model: emptyModel(),
  previousGlobalIds: [],
  previousBytes: null,
  ...extra,
});

const STOREY_ONLY = `ISO-10303-21;
HEADER;FILE_DESCRIPTION((''),'2;1');FILE_NAME('s.ifc','2026-01-01T00:00:00',(''),(''),'','','');FILE_SCHEMA(('IFC2X3'));ENDSEC;
DATA;
#1=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#2=IFCUNITASSIGNMENT((#1));
#3=IFCCARTESIANPOINT((0.,0.,0.));
#4=IFCAXIS2PLACEMENT3D(#3,$,$);
#5=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,$);
#6=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'P',$,$,$,$,(#5),#2);
#7=IFCLOCALPLACEMENT($,#4);
#8=IFCBUILDING('3nYZf7kx5B4eMz$3HiVhDp',$,'B',$,$,#7,$,$,.ELEMENT.,$,$,$);
#9=IFCBUILDINGSTOREY('1Kq2NmZmz0eP4hyQq7Sx2X',$,'Ground',$,$,#7,$,$,.ELEMENT.,0.);
#10=IFCRELAGGREGATES('0Xq3Cq2Hn3xgV$sJzL1m9a',$,$,$,#6,(#8));
#11=IFCRELAGGREGATES('2Zq3Cq2Hn3xgV$sJzL1m9c',$,$,$,#8,(#9));
ENDSEC;
END-ISO-10303-21;
`;

describe('the compute pool, running ifc_import', { timeout: WORKER_START_TIMEOUT }, () => {
  it('answers the merged arch, the changes and the GlobalIds of a file, with progress on the way', async () => {
    const steps: string[] = [];
    const result = await runExtraction(input(STOREY_ONLY), (step) => steps.push(step));
    expect(Object.values(archOf(result).storeys).map((s) => s.global_id)).toEqual(['1Kq2NmZmz0eP4hyQq7Sx2X']);
    expect(result.changes.storeys).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(JSON.parse(result.global_ids_json)).toContain('1Kq2NmZmz0eP4hyQq7Sx2X');
    expect(steps[0]).toBe('ifc_parse');
    expect(steps.at(-1)).toBe('ifc_diff');
  });

  it('reads the GlobalIds of the previous import from its file when they were not kept', async () => {
    const first = await runExtraction(input(STOREY_ONLY), () => {});
    const model = { ...emptyModel(), arch: archOf(first) };
    const emptied = STOREY_ONLY.replace(/#9=.*\n/, '').replace(/#11=.*\n/, '');
    const again = await runExtraction(input(emptied, { model, previousGlobalIds: null, previousBytes: shared(STOREY_ONLY) }), () => {});
    expect(archOf(again).storeys).toEqual({});
    expect(again.changes.storeys.removed).toBe(1);
  });

  it.each([
    ['exits', 'exit', /the worker stopped \(exit code 3\)/],
    ['throws', 'throw', /worker crashed on purpose/],
  ] as const)('a worker that %s fails its task, and the next task runs', async (_name, crash, detail) => {
    const failed = runExtraction(input(STOREY_ONLY), () => {}, { crashForTest: crash });
    await expect(failed).rejects.toBeInstanceOf(TaskFailed);
    await expect(failed).rejects.toThrow(detail);
    const next = await runExtraction(input(STOREY_ONLY), () => {});
    expect(Object.keys(archOf(next).storeys)).toHaveLength(1);
  });

  it('refuses a file with the IFC header that cannot be read, and keeps the worker', async () => {
    const started = pool.starts;
    const failed = runExtraction(input('ISO-10303-21;\nHEADER;\nthis is not STEP at all (((\n'), () => {});
    await expect(failed).rejects.toBeInstanceOf(TaskRefused);
    await expect(failed).rejects.toThrow(/\w/);
    await runExtraction(input(STOREY_ONLY), () => {});
    expect(pool.starts).toBe(started);
  });

  it('reuses one worker for files in a row, and replaces it after a crash', async () => {
    await runExtraction(input(STOREY_ONLY), () => {});
    const started = pool.starts;
    const used = threadIds.at(-1);
    await runExtraction(input(STOREY_ONLY), () => {});
    expect(pool.starts).toBe(started);
    expect(threadIds.at(-1)).toBe(used);
    await expect(runExtraction(input(STOREY_ONLY), () => {}, { crashForTest: 'exit' })).rejects.toBeInstanceOf(TaskFailed);
    await runExtraction(input(STOREY_ONLY), () => {});
    expect(threadIds.at(-1)).not.toBe(used);
    expect(pool.starts).toBe(threadIds.length);
  });

  it('answers tasks queued together in order, from one worker', async () => {
    const fresh = new ComputePool(1);
    try {
      const results = await Promise.all([1, 2, 3].map(() => fresh.run('ifc_import', input(STOREY_ONLY))));
      expect(results.map((r) => Object.keys(archOf(r).storeys).length)).toEqual([1, 1, 1]);
      expect(fresh.starts).toBe(1);
    } finally {
      await fresh.close();
    }
    await expect(fresh.run('ifc_import', input(STOREY_ONLY))).rejects.toThrow(/the server is stopping/);
  });

  it('starts every worker at once when asked (a server does), and then starts no more for tasks', async () => {
    const threads: number[] = [];
    const eager = new ComputePool(2, () => {
      const worker = startComputeWorker();
      threads.push(worker.threadId);
      return worker;
    });
    try {
      await eager.startWorkers();
      expect(eager.starts).toBe(2);
      const results = await Promise.all([1, 2].map(() => eager.run('ifc_import', input(STOREY_ONLY))));
      expect(results.map((r) => Object.keys(archOf(r).storeys).length)).toEqual([1, 1]);
      expect(eager.starts).toBe(2);
      expect(new Set(threads).size).toBe(2);
    } finally {
      await eager.close();
    }
  });

  it('reads COMPUTE_WORKERS, one per core by default', () => {
    expect(computeWorkers({})).toBe(os.availableParallelism());
    expect(computeWorkers({ COMPUTE_WORKERS: '2' })).toBe(2);
    expect(() => computeWorkers({ COMPUTE_WORKERS: '0' })).toThrow(/COMPUTE_WORKERS/);
  });
});

/** A storey with `count` walls of 0.2 m × 1 m side by side: enough geometry work for a helper (HELP_FROM_ITEMS). */
function manyWalls(count: number): string {
  const walls = Array.from({ length: count }, (_, i) => {
    const id = 100 + i * 7;
    const gid = `2W${String(i).padStart(20, '0')}`;
    return [
      `#${id}=IFCCARTESIANPOINT((${i * 0.5},0.));`,
      `#${id + 1}=IFCAXIS2PLACEMENT2D(#${id},$);`,
      `#${id + 2}=IFCRECTANGLEPROFILEDEF(.AREA.,$,#${id + 1},0.2,1.);`,
      `#${id + 3}=IFCEXTRUDEDAREASOLID(#${id + 2},#4,#12,3.);`,
      `#${id + 4}=IFCSHAPEREPRESENTATION(#5,'Body','SweptSolid',(#${id + 3}));`,
      `#${id + 5}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${id + 4}));`,
      `#${id + 6}=IFCWALL('${gid}',$,'Wall ${i}',$,$,#7,#${id + 5},$);`,
    ].join('\n');
  });
  const ids = Array.from({ length: count }, (_, i) => `#${106 + i * 7}`).join(',');
  return STOREY_ONLY.replace(
    '#11=',
    `#12=IFCDIRECTION((0.,0.,1.));\n${walls.join('\n')}\n#13=IFCRELCONTAINEDINSPATIALSTRUCTURE('3Zq3Cq2Hn3xgV$sJzL1m9d',$,$,$,(${ids}),#9);\n#11=`,
  );
}

describe('an import with enough geometry work, on a pool of two workers', { timeout: WORKER_START_TIMEOUT }, () => {
  it('has the idle worker help, and answers what one worker alone answers', async () => {
    const text = manyWalls(450);
    const alone = new ComputePool(1);
    const two = new ComputePool(2);
    try {
      const single = await alone.run('ifc_import', input(text));
      expect(alone.helped).toBe(0);
      expect(Object.keys(archOf(single).walls)).toHaveLength(450);
      // The first import starts the second worker for its helper; the next finds it idle and warm.
      await two.run('ifc_import', input(text));
      await two.whenIdle();
      const shared = await two.run('ifc_import', input(text));
      expect(two.helped).toBe(2);
      expect(two.starts).toBe(2);
      expect(archOf(shared)).toEqual(archOf(single));
    } finally {
      await Promise.all([alone.close(), two.close()]);
    }
    // Three imports of 450 walls and two workers started: on a busy 2-core machine this passes 20 s.
  }, 60_000);
});

/**
 * A storey with a few pieces of furniture, each a shell-based surface model of `faces` thin square faces of their own
 * points: over 1 MB, with few shapes.
 */
function manyFaces(pieces: number, faces: number): string {
  const lines: string[] = [];
  let id = 100;
  const furniture: number[] = [];
  for (let p = 0; p < pieces; p++) {
    const faceIds: number[] = [];
    for (let f = 0; f < faces; f++) {
      const [x, y] = [p * 2 + (f % 40) * 0.04, Math.floor(f / 40) * 0.04];
      const corners = [
        [x, y, 0],
        [x + 0.03, y, 0],
        [x + 0.03, y, 0.9],
        [x, y, 0.9],
      ].map(([a, b, c]) => {
        lines.push(`#${id}=IFCCARTESIANPOINT((${a!.toFixed(3)},${b!.toFixed(3)},${c!.toFixed(3)}));`);
        return id++;
      });
      lines.push(
        `#${id}=IFCPOLYLOOP((${corners.map((c) => `#${c}`).join(',')}));`,
        `#${id + 1}=IFCFACEOUTERBOUND(#${id},.T.);`,
        `#${id + 2}=IFCFACE((#${id + 1}));`,
      );
      faceIds.push(id + 2);
      id += 3;
    }
    lines.push(
      `#${id}=IFCOPENSHELL((${faceIds.map((f) => `#${f}`).join(',')}));`,
      `#${id + 1}=IFCSHELLBASEDSURFACEMODEL((#${id}));`,
      `#${id + 2}=IFCSHAPEREPRESENTATION(#5,'Body','SurfaceModel',(#${id + 1}));`,
      `#${id + 3}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${id + 2}));`,
      `#${id + 4}=IFCFURNISHINGELEMENT('2F${String(p).padStart(20, '0')}',$,'Rack ${p}',$,$,#7,#${id + 3},$);`,
    );
    furniture.push(id + 4);
    id += 5;
  }
  return STOREY_ONLY.replace(
    '#11=',
    `${lines.join('\n')}\n#13=IFCRELCONTAINEDINSPATIALSTRUCTURE('3Zq3Cq2Hn3xgV$sJzL1m9e',$,$,$,(${furniture.map((f) => `#${f}`).join(',')}),#9);\n#11=`,
  );
}

describe('an import with many faces and few shapes, on a pool of two workers', { timeout: WORKER_START_TIMEOUT }, () => {
  it('is read by one worker: a helper would read the whole file again to share little work', async () => {
    const text = manyFaces(4, 1200);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const alone = new ComputePool(1);
    const two = new ComputePool(2);
    try {
      const single = await alone.run('ifc_import', input(text));
      expect(alone.helped).toBe(0);
      expect(Object.keys(archOf(single).other_objects)).toHaveLength(4);
      await two.startWorkers();
      const shared = await two.run('ifc_import', input(text));
      await two.whenIdle();
      expect(two.helped).toBe(0);
      expect(archOf(shared)).toEqual(archOf(single));
    } finally {
      await Promise.all([alone.close(), two.close()]);
    }
    // Three imports of 450 walls and two workers started: on a busy 2-core machine this passes 20 s.
  }, 60_000);
});

describe('the express lane', { timeout: WORKER_START_TIMEOUT }, () => {
  const smallBody = () => {
    const bytes = new TextEncoder().encode('{"not":"a sync"}');
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    return { body: { bytes: buffer }, transfer: [buffer] };
  };

  it('runs a task on a small request body at once while the regular worker is busy; others wait their turn', async () => {
    const lanes: string[] = [];
    const pool = new ComputePool(
      1,
      (lane) => {
        lanes.push(lane);
        return startComputeWorker(lane);
      },
      { express: 1 },
    );
    try {
      await pool.startWorkers();
      expect(lanes.sort()).toEqual(['express', 'regular']);
      const settled: string[] = [];
      const busy = pool
        .run('ifc_import', input(STOREY_ONLY), undefined, { crashForTest: 'hang', deadlineSeconds: 4 })
        .catch(() => settled.push('hung task ended'));
      const large = pool.run('ifc_import', input(STOREY_ONLY)).then(() => settled.push('file imported'));
      const { body, transfer } = smallBody();
      const small = pool.run('check_sync', { body }, undefined, { transfer }).catch((error: Error) => {
        settled.push('small body checked');
        return error;
      });
      // Refused for its words (not a sync body), by the express worker, while the regular one still hangs.
      expect(await small).toBeInstanceOf(TaskRefused);
      await Promise.all([busy, large]);
      expect(settled).toEqual(['small body checked', 'hung task ended', 'file imported']);
      expect(pool.starts).toBe(3); // the hung worker replaced, the express one kept
    } finally {
      await pool.close();
    }
  });
});
