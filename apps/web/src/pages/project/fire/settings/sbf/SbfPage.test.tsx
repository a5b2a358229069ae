/** F§2 /fire/settings/sbf: the SBF 110:8 form of F§3, its delay rule (F§5), facility managers, and the redirect. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyModel, type Regulation, type SbfConfig } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../../../state/test-project';
import { createFireConfigForTest } from '../../test-fire';
import { SbfPage } from './SbfPage';

afterEach(cleanup);

function setup(regulation: Regulation = 'Sbf1108') {
  const { store, router } = renderProjectPages(
    { ...emptyModel(), arch: testArch(), fire: createFireConfigForTest(regulation) },
    [
      { path: 'fire/settings', element: <p>Fire settings index</p> },
      { path: 'fire/settings/sbf', element: <SbfPage /> },
    ],
    '/project/p1/fire/settings/sbf',
  );
  const sbf = (): SbfConfig => store.getState().model.fire!.config.sbf!;
  return { store, router, sbf };
}

type Scope = Pick<typeof screen, 'getByLabelText' | 'getByRole'>;
const group = (name: string, scope: Scope = screen) => within(scope.getByRole('group', { name }));
const field = <T extends HTMLElement = HTMLInputElement>(label: string, scope: Scope = screen) => scope.getByLabelText<T>(label);
const optionsOf = (select: HTMLSelectElement) => [...select.options].map((option) => [option.value, option.textContent]);

describe('the SBF page', () => {
  it('shows every field in labelled groups', () => {
    setup();
    const groups = [
      'Installation',
      'Certificate',
      'Class',
      'Activation',
      'I/O',
      'Notification',
      'Transfer',
      'Delay',
      'Evacuation',
      'Notes',
    ];
    for (const name of [...groups, 'Facility managers']) expect(screen.getByRole('group', { name })).toBeTruthy();
    expect(field('New installation', group('Installation')).checked).toBe(true);
    expect(field('Replaces certificate dated', group('Installation')).type).toBe('date');
    expect(field('Maintenance company', group('Certificate'))).toBeTruthy();
    expect(field('I/O scope', group('I/O'))).toBeTruthy();
    expect(field('Receiver', group('Transfer'))).toBeTruthy();
    expect(field('Other notes', group('Notes'))).toBeTruthy();
  });

  it('enumerations are selects of the model constants', () => {
    setup();
    expect(optionsOf(field<HTMLSelectElement>('Class'))).toEqual(['A', 'B', 'C', 'D', 'E'].map((c) => [c, c]));
    expect(optionsOf(field<HTMLSelectElement>('Notification type')).map(([value]) => value)).toEqual([
      'Internal',
      'Attention',
      'Evacuation',
    ]);
    expect(optionsOf(field<HTMLSelectElement>('Transfer type')).map(([value]) => value)).toEqual(['Fixed', 'Radio', 'IP']);
    const evac = [
      ['EntireBuilding', 'Entire Building'],
      ['Partial', 'Partial'],
      ['NotInstalled', 'Not Installed'],
    ];
    expect(optionsOf(field<HTMLSelectElement>('Evacuation coverage'))).toEqual(evac);
    expect(optionsOf(field<HTMLSelectElement>('Evacuation selection'))).toEqual(evac);
  });

  it('text, enumeration, flag and date edits land in the model', () => {
    const { sbf } = setup();
    fireEvent.change(field('Installer company'), { target: { value: 'Brandlarm AB' } });
    fireEvent.change(field('Class description'), { target: { value: 'Whole building' } });
    fireEvent.change(field('Class'), { target: { value: 'C' } });
    fireEvent.change(field('Transfer type'), { target: { value: 'Radio' } });
    fireEvent.change(field('Evacuation selection'), { target: { value: 'NotInstalled' } });
    fireEvent.click(field('Governmental'));
    fireEvent.click(field('New installation'));
    fireEvent.change(field('Replaces certificate dated'), { target: { value: '2024-05-01' } });
    expect(sbf()).toMatchObject({
      installer_company: 'Brandlarm AB',
      cls_descr: 'Whole building',
      cls: 'C',
      transfer_type: 'Radio',
      evac_selection_type: 'NotInstalled',
      evac_coverage_type: 'EntireBuilding',
      governmental: true,
      new_installation: false,
      replaces_date: '2024-05-01',
    });
    expect(field('Installer company').value).toBe('Brandlarm AB');
    expect(field<HTMLSelectElement>('Class').value).toBe('C');
  });

  it('the delay sub-fields are disabled with delay off and enabled with it on (F§5)', () => {
    const { sbf } = setup();
    const delay = group('Delay');
    const subFields = () =>
      ['Delay time (min)', 'Receipt time (min)', 'Investigation time (min)', 'Delay description'].map(
        (label) => field<HTMLInputElement | HTMLTextAreaElement>(label, delay).disabled,
      );
    expect(sbf().delay).toBe(false);
    expect(subFields()).toEqual([true, true, true, true]);
    fireEvent.click(field('Delay', delay));
    expect(sbf().delay).toBe(true);
    expect(subFields()).toEqual([false, false, false, false]);
    const time = field('Delay time (min)', delay);
    fireEvent.change(time, { target: { value: '3' } });
    fireEvent.blur(time);
    const receipt = field('Receipt time (min)', delay);
    fireEvent.change(receipt, { target: { value: '-2' } });
    fireEvent.blur(receipt);
    fireEvent.change(field('Delay description', delay), { target: { value: 'Staffed reception' } });
    expect(sbf()).toMatchObject({ delay_time: 3, delay_receipt_time: 0, delay_descr: 'Staffed reception' });
    fireEvent.click(field('Delay', delay));
    expect(subFields()).toEqual([true, true, true, true]);
  });

  it('facility managers: add, edit name, phone and address, remove', () => {
    const { sbf } = setup();
    const managers = group('Facility managers');
    expect(managers.getByText('No facility managers')).toBeTruthy();
    fireEvent.click(managers.getByRole('button', { name: 'Add facility manager' }));
    fireEvent.click(managers.getByRole('button', { name: 'Add facility manager' }));
    const blank = { name: '', phone: '', address: { line1: '', line2: '', zip: '', city: '', state: '' } };
    expect(sbf().facility_managers).toEqual([blank, blank]);
    const first = group('Facility manager 1');
    fireEvent.change(field('Name', first), { target: { value: 'Eva Ek' } });
    fireEvent.change(field('Phone', first), { target: { value: '+46 8 123 45' } });
    fireEvent.change(field('Address line 1', first), { target: { value: 'Storgatan 1' } });
    fireEvent.change(field('City', first), { target: { value: 'Uppsala' } });
    const second = group('Facility manager 2');
    fireEvent.change(field('Name', second), { target: { value: 'Olof Berg' } });
    fireEvent.change(field('ZIP code', second), { target: { value: '111 22' } });
    expect(sbf().facility_managers).toEqual([
      { name: 'Eva Ek', phone: '+46 8 123 45', address: { ...blank.address, line1: 'Storgatan 1', city: 'Uppsala' } },
      { name: 'Olof Berg', phone: '', address: { ...blank.address, zip: '111 22' } },
    ]);
    fireEvent.click(first.getByRole('button', { name: 'Remove facility manager 1' }));
    expect(sbf().facility_managers).toEqual([{ name: 'Olof Berg', phone: '', address: { ...blank.address, zip: '111 22' } }]);
    expect(field('Name', group('Facility manager 1')).value).toBe('Olof Berg');
    expect(screen.queryByRole('group', { name: 'Facility manager 2' })).toBeNull();
  });

  it('ctrl+Z in a text field undoes the edits through the store, ctrl+Y redoes them', () => {
    const { store, sbf } = setup();
    const company = field('Subcontractor');
    fireEvent.change(company, { target: { value: 'E' } });
    fireEvent.change(company, { target: { value: 'El AB' } });
    expect(sbf().subcontractor).toBe('El AB');
    // The keystrokes are one step: one undo takes the field back to where it was.
    fireEvent.keyDown(company, { key: 'z', ctrlKey: true });
    expect(sbf().subcontractor).toBe('');
    expect(field('Subcontractor').value).toBe('');
    expect(store.getState().model.fire!.config.sbf).toEqual(createFireConfigForTest().config.sbf);
    fireEvent.keyDown(company, { key: 'y', ctrlKey: true });
    expect(sbf().subcontractor).toBe('El AB');
  });

  it('a model without an SBF config (BS 5839) is sent to /fire/settings', () => {
    const { router } = setup('Bs5839');
    expect(router.state.location.pathname).toBe('/project/p1/fire/settings');
    expect(screen.getByText('Fire settings index')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Delay' })).toBeNull();
  });
});
