// Revision clouds on the plan drawings (issue 40): the hand-built building (test-model.ts) revised as a re-import brings
// it — Förråd Å removed, Arkiv added where half of it stood, Kontor 1 made narrower — its change list taken by the fire
// engine's archChanges, and the drawings read back as their users read them: the PDF rendered by pdftoppm and read by
// pdftotext, the DXF read by dxf-parser.
import type { ArchChanges, Model, Revision } from '@edrf/model';
import { archChanges, designBasis } from '@edrf/fire';
import { edited, rect, removeRoom } from '@edrf/fire/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulgeArc } from '../drawing/arcs.js';
import type { Pt } from '../drawing/items.js';
import { pdfRgb, pdfWords, readDxf, type DxfEntity, type DxfRead, type PdfWord } from '../drawing/read-back.js';
import { MARGIN, PANEL_WIDTH } from '../drawing/sheet.js';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';
import { cloudOutlines, revisionMarks, scallops } from './revision-cloud.js';
import { planModel } from './test-model.js';

const INPUT = { date: '2026-11-28', documentStatus: 'Bygghandling', designer: 'Anna Andersson', revision: 'B' };
const POINTS_PER_MM = 72 / 25.4;

const revision = (id: string, letter: string, date: string, changes: ArchChanges): Revision => ({
  id,
  letter,
  date,
  changes,
  units: { added: {}, removed: {}, moved: {}, flagged: {} },
  sections_changed: [],
  cable_m_before: null,
  cable_m_after: null,
  cost_before: null,
  cost_after: null,
});

/**
 * The building after the architect's revision B, with the record the update keeps: the change list archChanges finds
 * against the design's basis. An older revision A (the hall on Plan 2 reshaped) is the one the clouds must not mark.
 */
function revisedModel(): Model {
  const model = planModel('Sbf1108');
  const basis = designBasis(model.arch, '2026-11-28T09:00:00.000Z', model.fire!.units);
  const arch = edited(model.arch, (draft) => {
    removeRoom(draft, 'forrad');
    draft.rooms.arkiv = { ...structuredClone(draft.rooms.kontor1!), id: 'arkiv', name: 'Arkiv' };
    draft.rooms.arkiv.shape.exterior = rect(20, 0, 6, 4);
    draft.storeys.P1!.rooms.push('arkiv');
    draft.rooms.kontor1!.shape.exterior = rect(6, 3, 6, 5);
  });
  const changes = archChanges(basis, arch);
  const older: ArchChanges = { added: [], removed: [], reshaped: [{ id: 'hall', name: 'Hall', storey_id: 'P2' }], retyped: [] };
  const revisions = {
    'revision-1': revision('revision-1', 'A', '2026-11-20T09:00:00.000Z', older),
    'revision-2': revision('revision-2', 'B', '2026-11-28T10:00:00.000Z', changes),
  };
  return { ...model, arch, fire: { ...model.fire!, design_basis: designBasis(arch, '2026-11-28T10:00:00.000Z'), revisions } };
}

/** The changed rooms' boxes on Plan 1: Kontor 1 as it is now; Förråd Å as it stood, Arkiv inside it. */
type Box = { min: [number, number]; max: [number, number] };
const KONTOR_1: Box = { min: [6, 3], max: [12, 8] };
const FORRAD: Box = { min: [20, 0], max: [26, 8] };

async function files(key: string, format: 'pdf' | 'dxf', model: Model): Promise<ReportFile[]> {
  const out: ReportFile[] = [];
  for await (const file of renderReport(key, format, { model, regulation: 'Sbf1108', ...INPUT })) out.push(file);
  return out;
}

const onLayer = (dxf: DxfRead, layer: string) => dxf.entities.filter((e) => e.layer === layer);
const boxOfVertices = (e: DxfEntity): Box => {
  const xs = e.vertices!.map((v) => v.x);
  const ys = e.vertices!.map((v) => v.y);
  return { min: [Math.min(...xs), Math.min(...ys)], max: [Math.max(...xs), Math.max(...ys)] };
};
/** A single-sheet DXF's scale, as its title block prints it. */
const printedScale = (dxf: DxfRead) =>
  Number(
    dxf.entities
      .filter((e) => e.type === 'TEXT' && e.layer === 'TITLE')
      .map((e) => e.text!)
      .find((t) => /^1:\d+$/.test(t))!
      .slice(2),
  );

describe('the outline and scallops of a cloud', () => {
  it('joins boxes that meet once grown into one outline round them, counter-clockwise; boxes apart stay apart', () => {
    // An L of two rooms sharing a wall, and a room well away.
    const rings = cloudOutlines(
      [
        { min: [0, 0], max: [4, 2] },
        { min: [0, 2], max: [2, 6] },
        { min: [10, 0], max: [12, 2] },
      ],
      0.5,
    );
    expect(rings).toHaveLength(2);
    const [l, lone] = rings[0]!.length === 6 ? [rings[0]!, rings[1]!] : [rings[1]!, rings[0]!];
    const sorted = (ring: Pt[]) => ring.map((p) => `${p[0]},${p[1]}`).sort();
    expect(sorted(l)).toEqual(
      sorted([
        [-0.5, -0.5],
        [4.5, -0.5],
        [4.5, 2.5],
        [2.5, 2.5],
        [2.5, 6.5],
        [-0.5, 6.5],
      ]),
    );
    expect(sorted(lone)).toEqual(
      sorted([
        [9.5, -0.5],
        [12.5, -0.5],
        [12.5, 2.5],
        [9.5, 2.5],
      ]),
    );
    for (const ring of rings) {
      let twice = 0;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
      expect(twice).toBeGreaterThan(0);
    }
  });

  it('cuts each side into whole arcs about the chord long, every one bulging out of the outline', () => {
    const ring: Pt[] = [
      [0, 0],
      [6, 0],
      [6, 2],
      [0, 2],
    ];
    const { points, bulges } = scallops(ring, 1);
    // 6 + 2 + 6 + 2 arcs.
    expect(points).toHaveLength(16);
    points.forEach((a, i) => {
      const b = points[(i + 1) % points.length]!;
      const arc = bulgeArc(a, b, bulges[i]!)!;
      const middle = arc.start + arc.sweep / 2;
      const [x, y] = [arc.centre[0] + arc.radius * Math.cos(middle), arc.centre[1] + arc.radius * Math.sin(middle)];
      expect(x < 0 || x > 6 || y < 0 || y > 2, `arc ${i} at (${x}, ${y})`).toBe(true);
    });
  });

  it('marks only the latest revision, on the storeys it changed; a removed room of an older record, without its box, not at all', () => {
    const model = revisedModel();
    const roomNow = (id: string) => {
      const storey = Object.values(model.arch.storeys).find((s) => s.rooms.includes(id));
      return storey ? { storeyId: storey.id, box: { min: [0, 0] as [number, number], max: [1, 1] as [number, number] } } : undefined;
    };
    const marks = revisionMarks(model, roomNow);
    expect([...marks.keys()]).toEqual(['P1']);
    expect(marks.get('P1')!.letter).toBe('B');
    // Arkiv and Kontor 1 now, Förråd Å by its recorded box.
    expect(marks.get('P1')!.areas).toHaveLength(3);
    expect(marks.get('P1')!.areas).toContainEqual(FORRAD);
    const old = structuredClone(model);
    delete old.fire!.revisions!['revision-2']!.changes.removed[0]!.box;
    expect(revisionMarks(old, roomNow).get('P1')!.areas).toHaveLength(2);
    expect(revisionMarks(planModel('Sbf1108'), roomNow).size).toBe(0);
  });
});

describe('the Serviceritning of a revised building', () => {
  const model = revisedModel();
  const plain = planModel('Sbf1108');
  let pdf: Uint8Array;
  let plainPdf: Uint8Array;
  let dxfs: ReportFile[];
  let plainDxfs: ReportFile[];

  beforeAll(async () => {
    pdf = (await files('SbfServiceritning', 'pdf', model))[0]!.data;
    plainPdf = (await files('SbfServiceritning', 'pdf', plain))[0]!.data;
    dxfs = await files('SbfServiceritning', 'dxf', model);
    plainDxfs = await files('SbfServiceritning', 'dxf', plain);
  });

  it('draws a cloud round each changed area of Plan 1 on layer REVISION, of arcs, clear of the rooms it leaves alone', () => {
    const dxf = readDxf(dxfs[0]!.data);
    expect(dxf.layers).toContain('REVISION');
    const scale = printedScale(dxf);
    // The clouds: closed polylines of arcs, each arc bulging outward (a positive bulge round a counter-clockwise ring).
    const clouds = onLayer(dxf, 'REVISION').filter((e) => e.type === 'LWPOLYLINE' && e.vertices!.length > 3);
    expect(clouds).toHaveLength(2);
    for (const cloud of clouds) for (const v of cloud.vertices!) expect(v.bulge).toBeGreaterThan(0);
    const around = (room: Box) =>
      clouds.find((c) => {
        const b = boxOfVertices(c);
        return b.min[0] < room.min[0] && b.min[1] < room.min[1] && b.max[0] > room.max[0] && b.max[1] > room.max[1];
      });
    for (const room of [KONTOR_1, FORRAD]) {
      const cloud = around(room);
      expect(cloud, `a cloud round ${JSON.stringify(room)}`).toBeDefined();
      // Close round the room: less than a centimetre of paper outside its box on every side.
      const b = boxOfVertices(cloud!);
      for (const gap of [room.min[0] - b.min[0], room.min[1] - b.min[1], b.max[0] - room.max[0], b.max[1] - room.max[1]])
        expect(gap * (1000 / scale)).toBeLessThan(10);
    }
    // Kontor 2 (x 13–20) and the Entré (x 0–6) are in neither: the clouds stop short of them.
    expect(boxOfVertices(around(KONTOR_1)!).max[0]).toBeLessThan(13);
    expect(boxOfVertices(around(KONTOR_1)!).min[0]).toBeGreaterThan(0);
    expect(boxOfVertices(around(FORRAD)!).min[0]).toBeGreaterThan(13);
    // A triangle with the latest revision's letter beside each cloud.
    const letters = onLayer(dxf, 'REVISION').filter((e) => e.type === 'TEXT');
    expect(letters.map((e) => e.text)).toEqual(['B', 'B']);
    const triangles = onLayer(dxf, 'REVISION').filter((e) => e.type === 'LWPOLYLINE' && e.vertices!.length === 3);
    expect(triangles).toHaveLength(2);
    for (const letter of letters) {
      const p = letter.startPoint!;
      expect(
        triangles.some((t) => {
          const b = boxOfVertices(t);
          return p.x > b.min[0] && p.x < b.max[0] && p.y > b.min[1] && p.y < b.max[1];
        }),
      ).toBe(true);
    }
  });

  it('draws no cloud on Plan 2, which the latest revision left alone, nor on a building without a revision', () => {
    expect(onLayer(readDxf(dxfs[1]!.data), 'REVISION')).toEqual([]);
    for (const file of plainDxfs) expect(onLayer(readDxf(file.data), 'REVISION')).toEqual([]);
  });

  it('prints the cloud and the letter in its triangle on the PDF of Plan 1 only, the title block carrying the revision', () => {
    // Left of the panel, whatever the sheet's size: the panel is the frame's right-hand column.
    const inPlan = (w: PdfWord) => w.x1 < w.pageWidth - (MARGIN + PANEL_WIDTH) * POINTS_PER_MM;
    const words = pdfWords(pdf);
    // The two triangles' B on the plan of page 1; the title block's and the revision box's B in the panel.
    expect(words.filter((w) => w.page === 1 && w.text === 'B' && inPlan(w))).toHaveLength(2);
    expect(words.filter((w) => w.page === 1 && w.text === 'B' && !inPlan(w)).length).toBeGreaterThanOrEqual(2);
    expect(words.filter((w) => w.page > 1 && w.text === 'B' && inPlan(w))).toEqual([]);
    expect(pdfWords(plainPdf).filter((w) => w.text === 'B' && inPlan(w))).toEqual([]);

    // The cloud's colour in the rendered plan: round Kontor 1 and Arkiv, not as far left as the Entré.
    const magenta = (data: Uint8Array, page: number) => {
      const { width, height, pixels } = pdfRgb(data, 60, page);
      const found: [number, number][] = [];
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const [r, g, b] = [pixels[3 * (y * width + x)]!, pixels[3 * (y * width + x) + 1]!, pixels[3 * (y * width + x) + 2]!];
          if (r > 120 && r - g > 70 && b - g > 20) found.push([x, y]);
        }
      return found;
    };
    const drawn = magenta(pdf, 1);
    expect(drawn.length).toBeGreaterThan(200);
    const toPixel = 60 / 72;
    // The leftmost of a word on page 1 (Kontor 1's 'Kontor' before Kontor 2's).
    const word = (text: string) => words.filter((w) => w.page === 1 && w.text === text).reduce((a, b) => (b.x0 < a.x0 ? b : a));
    const xs = drawn.map((p) => p[0]);
    const ys = drawn.map((p) => p[1]);
    expect(Math.min(...xs)).toBeLessThan(word('Kontor').x0 * toPixel);
    expect(Math.max(...xs)).toBeGreaterThan(word('Arkiv').x1 * toPixel);
    expect(Math.min(...xs)).toBeGreaterThan(word('Entré').x1 * toPixel);
    expect(Math.min(...ys)).toBeLessThan(word('Kontor').y0 * toPixel);
    expect(Math.max(...ys)).toBeGreaterThan(word('Arkiv').y1 * toPixel);
    for (const page of [2, 3]) expect(magenta(pdf, page)).toEqual([]);
    expect(magenta(plainPdf, 1)).toEqual([]);
  });

  it('cuts a cloud at the edge of each report tile it crosses: the hall on Plan 2, printed on two tiles', async () => {
    const hall = structuredClone(model);
    const latest = hall.fire!.revisions!['revision-2']!;
    latest.changes = { added: [], removed: [], reshaped: [{ id: 'hall', name: 'Hall', storey_id: 'P2' }], retyped: [] };
    const [file] = await files('SbfServiceritning', 'pdf', hall);
    for (const page of [2, 3]) {
      const { width, height, pixels } = pdfRgb(file!.data, 60, page);
      const panel = width - ((MARGIN + PANEL_WIDTH) * 60) / 25.4;
      let inPlan = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const [r, g, b] = [pixels[3 * (y * width + x)]!, pixels[3 * (y * width + x) + 1]!, pixels[3 * (y * width + x) + 2]!];
          if (!(r > 120 && r - g > 70 && b - g > 20)) continue;
          expect(x, `page ${page}: the cloud stays off the panel`).toBeLessThan(panel);
          inPlan++;
        }
      expect(inPlan, `page ${page}`).toBeGreaterThan(100);
    }
    const clipped = onLayer(readDxf((await files('SbfServiceritning', 'dxf', hall))[1]!.data), 'REVISION');
    expect(clipped.filter((e) => e.type === 'TEXT').map((e) => e.text)).toEqual(['B', 'B']);
  });

  it('leaves every unit’s address and every room’s name readable across the clouds', () => {
    const page1 = words1(pdf);
    for (const address of ['1.1', '1.2', '1.3', '1.4', '1.5', '2.1', '2.2', '2.3', '2.4']) expect(page1, address).toContain(address);
    for (const name of ['Entré', 'Korridor', 'Kontor', 'Arkiv']) expect(page1, name).toContain(name);
  });
});

const words1 = (pdf: Uint8Array) =>
  pdfWords(pdf)
    .filter((w) => w.page === 1)
    .map((w) => w.text);
