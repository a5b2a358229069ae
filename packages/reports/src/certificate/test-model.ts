// Test support: the bill of quantities' small building with sections, I/O units and other units added, and an SBF
// form filled with distinct values (å ä ö in them) whose choices differ from the schema's defaults.
import { fireSchema, sbfConfigSchema, type Model, type SbfConfig } from '@edrf/model';
import { boqModel } from '../boq/test-model.js';

export const FILLED_SBF: SbfConfig = sbfConfigSchema.parse({
  new_installation: false,
  governmental: true,
  replaces_date: '2019-05-02',
  installer_company: 'Brandlarm Öst AB',
  installer_company_address: 'Verkstadsgatan 4, 352 46 Växjö',
  installer_company_cert_id: 'SBSC 1234-56',
  cert_engineer: 'Åsa Öberg',
  subcontractor: 'Elinstallation Sjöberg & Co',
  maintenance_company: 'Servicebolaget Larmtjänst AB',
  cls: 'C',
  cls_descr: 'Hela byggnaden övervakas utom vindsutrymmet.',
  activation_by_all: false,
  activation_descr: 'Tvådetektorberoende i köket; övriga utrymmen en detektor.',
  io_functions: 'Stängning av branddörrar och ventilationsstopp',
  io_area: 'Plan 1 och plan 2',
  io_scope: 'Samtliga brandcellsgränser',
  notification_type: 'Attention',
  notification_spoken_message: true,
  notification_area: 'Personalrummet på plan 1',
  notification_scope: 'Dagtid vardagar',
  transfer_type: 'Radio',
  transfer_system_type: 'Dualtech 4G',
  transfer_transmitter_type: 'Sändare RX-200',
  transfer_transmitter_number: 'LS-778899',
  transfer_receiver: 'Räddningstjänsten Kronoberg',
  delay: true,
  delay_time: 3,
  delay_receipt_time: 0.5,
  delay_investigation_time: 2.5,
  delay_descr: 'Larmlagring dagtid när personal finns i byggnaden.',
  evac_coverage_type: 'Partial',
  evac_coverage_descr: 'Larmdon i alla utrymmen utom förråd.',
  evac_selection_type: 'NotInstalled',
  evac_selection_descr: 'Ingen selektering: larmet ljuder överallt.',
  amendments: 'Detektor i hisschaktet utelämnad enligt överenskommelse med räddningstjänsten.',
  other_notes: 'Nyckelskåp vid huvudentrén.',
  facility_managers: [
    {
      name: 'Göran Ström',
      phone: '070-123 45 67',
      address: { line1: 'Storgatan 1', line2: 'Lgh 1102', zip: '352 30', city: 'Växjö', state: 'Kronoberg' },
    },
    { name: 'Märta Ekström', phone: '0470-98 76 54', address: { line1: 'Parkvägen 9', zip: '352 31', city: 'Växjö' } },
    { name: 'Pär Ålund', phone: '073-555 66 77', address: { line1: 'Sjövägen 3', zip: '352 33', city: 'Växjö' } },
  ],
});

/** The small building, designed: 4 detectors (one heat), a siren, a button, two I/O units, an annunciator, sections. */
export function certificateModel(sbf: SbfConfig | null = FILLED_SBF): Model {
  const model = boqModel('Sbf1108');
  const fire = model.fire!;
  const p = fire.config.products;
  const heat = p.detectors.find((d) => d.type === 'Heat')!;
  const io44 = p.ios.find((i) => i.inputs === 4)!;
  const next = fireSchema.parse({
    ...fire,
    config: { ...fire.config, sbf },
    units: {
      ...fire.units,
      detectors: { ...fire.units.detectors, d3: { ...fire.units.detectors.d3!, product_id: heat.id } },
      ios: {
        io1: {
          id: 'io1',
          storey_id: 'P1',
          coord: [3, 1, 0.1],
          product_id: io44.id,
          inputs: [{ first: '1', second: '2', description: 'Sprinklerlarm' }],
          outputs: [
            { first: '1', second: 'NO', description: 'Stänger branddörr' },
            { first: '2', second: 'NO', description: 'Ventilationsstopp' },
          ],
        },
        io2: {
          id: 'io2',
          storey_id: 'P2',
          coord: [3, 1, 3.1],
          product_id: io44.id,
          outputs: [{ first: '1', second: 'NC', description: 'Stänger branddörr' }],
        },
      },
      others: { o1: { id: 'o1', storey_id: 'P1', coord: [0.5, 0.5, 1.5], unit_type: 'annunciator' } },
    },
    sections: {
      s1: { id: 's1', name: '01', addresses: { d1: 1, d2: 2, d3: 3, b1: 4, io1: 5 } },
      s2: { id: 's2', name: '02', addresses: { d4: 1, s1: 2, io2: 3 } },
    },
  });
  return { ...model, config: { ...model.config, owner_address: 'Box 12, 351 03 Växjö', tenant: 'Förskolan Solrosen' }, fire: next };
}
