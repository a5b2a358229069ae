// The Anläggarintyg as a form: numbered sections of ruled boxes, each box a label and its text or its checkboxes,
// filled from the SBF settings (fire.config.sbf) and the model's counts. pdf.ts lays it out; tests read it too.
import type { FacilityManager, Model, SbfConfig } from '@edrf/model';
import { symbolSet } from '../symbols/library.js';
import { certificateCounts, type CertificateCounts } from './counts.js';
import { CERTIFICATE_WORDS as W, CLASS_OPTIONS, COUNTED_KINDS, EVAC_LABELS, NOTIFICATION_LABELS, TRANSFER_LABELS } from './labels.js';

export interface CheckOption {
  label: string;
  checked: boolean;
}

/** One ruled box: its label in the corner, then its text (wrapped) or its checkboxes. */
export interface FormCell {
  label: string;
  /** Share of the row's width; a row's shares add up to 1. */
  width: number;
  text: string;
  options: CheckOption[] | null;
  /** Lines of writing room kept when the text is shorter (a blank form is filled in by hand). */
  minLines: number;
}

/** A row of boxes side by side, or (cells empty) a heading over the rows that follow. */
export interface FormRow {
  cells: FormCell[];
  heading: string;
}

export interface FormSection {
  /** 1–11; null for the signature. */
  number: number | null;
  title: string;
  /** A paragraph printed under the title, before the boxes. */
  intro: string;
  rows: FormRow[];
  /** Never split over two pages (the signature and the statement it signs). */
  keepTogether: boolean;
}

export interface CertificateHeader {
  project: string;
  number: string;
  date: string;
  revision: string;
  status: string;
  designer: string;
}

export interface CertificateForm {
  header: CertificateHeader;
  sections: FormSection[];
}

const field = (label: string, text: string, width: number, minLines = 1): FormCell => ({ label, width, text, options: null, minLines });
const checks = (label: string, options: CheckOption[], width: number): FormCell => ({ label, width, text: '', options, minLines: 1 });
/** A yes/no question as two boxes; neither crossed on a blank form. */
const yesNo = (label: string, value: boolean | null, width: number): FormCell =>
  checks(
    label,
    [
      { label: W.yes, checked: value === true },
      { label: W.no, checked: value === false },
    ],
    width,
  );
/** One box per option, the chosen one crossed; none on a blank form. */
const choice = <T extends string>(label: string, values: readonly T[], names: (v: T) => string, chosen: T | null, width: number) =>
  checks(
    label,
    values.map((v) => ({ label: names(v), checked: v === chosen })),
    width,
  );
const row = (...cells: FormCell[]): FormRow => ({ cells, heading: '' });
const heading = (text: string): FormRow => ({ cells: [], heading: text });
const section = (number: number | null, title: string, rows: FormRow[], intro = '', keepTogether = false): FormSection => ({
  number,
  title,
  intro,
  rows,
  keepTogether,
});

const minutes = new Intl.NumberFormat('sv-SE', { useGrouping: false, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('sv-SE');

/** The form of the model's SBF settings; a model without them (null) gives a blank form with the counts filled in. */
export function certificateForm(model: Model, header: Omit<CertificateHeader, 'number' | 'project'>): CertificateForm {
  const sbf = model.fire?.config.sbf ?? null;
  const config = model.config;
  const counts = certificateCounts(model);
  const s = <K extends keyof SbfConfig>(key: K): SbfConfig[K] | null => (sbf ? sbf[key] : null);
  const t = (key: keyof SbfConfig): string => {
    const value = s(key);
    return typeof value === 'string' ? value : '';
  };
  // F§5: the delay's own fields mean something only while delay is on.
  const delayOn = sbf?.delay === true;
  const time = (key: 'delay_time' | 'delay_receipt_time' | 'delay_investigation_time') =>
    delayOn && sbf ? `${minutes.format(sbf[key])} ${W.minutes}` : '';

  const sections: FormSection[] = [
    section(1, W.installation.title, [
      row(
        checks(
          W.installation.kind,
          [
            { label: W.installation.newInstallation, checked: sbf?.new_installation === true },
            { label: W.installation.change, checked: sbf?.new_installation === false },
          ],
          0.7,
        ),
        field(W.installation.replaces, t('replaces_date'), 0.3),
      ),
      row(field(W.installation.name, config.name, 0.5), field(W.installation.address, config.address, 0.5)),
      row(field(W.installation.owner, config.owner, 0.5), field(W.installation.ownerAddress, config.owner_address, 0.5)),
      row(field(W.installation.tenant, config.tenant, 0.7), yesNo(W.installation.governmental, s('governmental'), 0.3)),
    ]),
    section(2, W.installer.title, [
      row(field(W.installer.company, t('installer_company'), 0.6), field(W.installer.certId, t('installer_company_cert_id'), 0.4)),
      row(field(W.installer.address, t('installer_company_address'), 1)),
      row(field(W.installer.engineer, t('cert_engineer'), 0.5), field(W.installer.subcontractor, t('subcontractor'), 0.5)),
      row(field(W.installer.maintenance, t('maintenance_company'), 1)),
    ]),
    section(3, W.scope.title, [
      row(choice(W.scope.cls, CLASS_OPTIONS, (c) => c, s('cls'), 1)),
      row(field(W.scope.clsDescr, t('cls_descr'), 1, 2)),
      heading(W.scope.counts),
      ...countRows(counts),
    ]),
    section(4, W.activation.title, [
      row(yesNo(W.activation.byAll, s('activation_by_all'), 1)),
      row(field(W.activation.descr, t('activation_descr'), 1, 2)),
    ]),
    section(5, W.organisation.title, [
      row(
        choice(
          W.organisation.type,
          ['Internal', 'Attention', 'Evacuation'] as const,
          (v) => NOTIFICATION_LABELS[v],
          s('notification_type'),
          1,
        ),
      ),
      row(field(W.organisation.area, t('notification_area'), 0.5), field(W.organisation.scope, t('notification_scope'), 0.5)),
      row(
        choice(W.organisation.transfer, ['Fixed', 'Radio', 'IP'] as const, (v) => TRANSFER_LABELS[v], s('transfer_type'), 0.6),
        field(W.organisation.systemType, t('transfer_system_type'), 0.4),
      ),
      row(
        field(W.organisation.transmitterType, t('transfer_transmitter_type'), 0.35),
        field(W.organisation.transmitterNumber, t('transfer_transmitter_number'), 0.25),
        field(W.organisation.receiver, t('transfer_receiver'), 0.4),
      ),
    ]),
    section(6, W.delay.title, [
      row(
        yesNo(W.delay.delay, s('delay'), 0.31),
        field(W.delay.time, time('delay_time'), 0.23),
        field(W.delay.receipt, time('delay_receipt_time'), 0.23),
        field(W.delay.investigation, time('delay_investigation_time'), 0.23),
      ),
      row(field(W.delay.descr, delayOn ? t('delay_descr') : '', 1, 2)),
    ]),
    section(7, W.evacuation.title, [
      row(
        choice(
          W.evacuation.coverage,
          ['EntireBuilding', 'Partial', 'NotInstalled'] as const,
          (v) => EVAC_LABELS[v],
          s('evac_coverage_type'),
          1,
        ),
      ),
      row(field(W.evacuation.coverageDescr, t('evac_coverage_descr'), 1)),
      row(
        choice(
          W.evacuation.selection,
          ['EntireBuilding', 'Partial', 'NotInstalled'] as const,
          (v) => EVAC_LABELS[v],
          s('evac_selection_type'),
          1,
        ),
      ),
      row(field(W.evacuation.selectionDescr, t('evac_selection_descr'), 1)),
      row(yesNo(W.evacuation.spoken, s('notification_spoken_message'), 1)),
    ]),
    section(8, W.control.title, [
      row(
        field(W.control.functions, t('io_functions'), 0.4),
        field(W.control.area, t('io_area'), 0.3),
        field(W.control.scope, t('io_scope'), 0.3),
      ),
      row(
        field(W.control.ios, count.format(counts.units.get('io') ?? 0), 1 / 3),
        field(W.control.inputs, count.format(counts.ioInputs), 1 / 3),
        field(W.control.outputs, count.format(counts.ioOutputs), 1 / 3),
      ),
      ...described(W.control.outputList, counts.outputDescriptions),
      ...described(W.control.inputList, counts.inputDescriptions),
    ]),
    section(9, W.managers.title, managerRows(s('facility_managers') ?? [])),
    section(10, W.amendments.title, [row(field(W.amendments.text, t('amendments'), 1, 3))]),
    section(11, W.other.title, [row(field(W.other.text, t('other_notes'), 1, 2))]),
    section(
      null,
      W.signature.title,
      [
        row(
          field(W.signature.place, '', 0.3, 3),
          field(W.signature.sign, '', 0.4, 3),
          field(W.signature.print, t('cert_engineer'), 0.3, 3),
        ),
      ],
      W.signature.statement,
      true,
    ),
  ];
  return { header: { ...header, project: config.name, number: W.number }, sections };
}

/** The counts four to a row: the unit kinds of the SBF legend (the usual ones even at 0), then the system's figures. */
function countRows(counts: CertificateCounts): FormRow[] {
  const names = symbolSet('Sbf1108').symbols;
  const always = new Set(['smoke', 'heat', 'call_point', 'sounder', 'beacon', 'io']);
  const cells: [string, number][] = COUNTED_KINDS.filter((k) => always.has(k) || (counts.units.get(k) ?? 0) > 0).map((k) => [
    names[k].name,
    counts.units.get(k) ?? 0,
  ]);
  cells.push(
    [W.scope.sections, counts.sections],
    [W.scope.addresses, counts.addressed],
    [W.scope.centrals, counts.centrals],
    [W.scope.loops, counts.loops],
    [W.scope.racks, counts.racks],
    [W.scope.storeys, counts.storeys],
  );
  const perRow = 4;
  const rows: FormRow[] = [];
  for (let i = 0; i < cells.length; i += perRow) {
    const slice = cells.slice(i, i + perRow);
    while (slice.length < perRow) slice.push(['', -1]);
    rows.push(row(...slice.map(([label, n]) => field(label, n < 0 ? '' : count.format(n), 1 / perRow))));
  }
  return rows;
}

/** A box listing the described inputs or outputs, one 'description: count' a line; none when nothing is described. */
function described(label: string, descriptions: Map<string, number>): FormRow[] {
  if (descriptions.size === 0) return [];
  const lines = [...descriptions].map(([d, n]) => `${d}: ${count.format(n)}`);
  return [row(field(label, lines.join('\n'), 1))];
}

/** One row per facility manager; two at the least, blank, for the two a system must name (RSNV). */
function managerRows(managers: readonly FacilityManager[]): FormRow[] {
  const rows = managers.map((m, i) =>
    row(
      field(W.managers.name(i + 1), m.name, 0.35),
      field(W.managers.phone, m.phone, 0.2),
      field(W.managers.address, managerAddress(m), 0.45),
    ),
  );
  for (let i = rows.length; i < 2; i++)
    rows.push(row(field(W.managers.name(i + 1), '', 0.35), field(W.managers.phone, '', 0.2), field(W.managers.address, '', 0.45)));
  return rows;
}

/** line1, line2, 'zip city', state: the parts given, comma-separated. */
export function managerAddress(m: FacilityManager): string {
  const { line1, line2, zip, city, state } = m.address;
  return [line1, line2, [zip, city].filter((p) => p.trim() !== '').join(' '), state].filter((p) => p.trim() !== '').join(', ');
}
