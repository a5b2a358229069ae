/** F§2 /fire/settings/optimization: the Optimization config of F§3 with F§5's minimums, edited through the store. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKING_VERSION, emptyModel, type Fire, type Regulation } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../../../state/test-project';
import { createFireConfigForTest } from '../../test-fire';
import { OptimizationPage } from './OptimizationPage';

afterEach(cleanup);

function setup(regulation: Regulation = 'Sbf1108') {
  const { store } = renderProjectPages(
    { ...emptyModel(), arch: testArch(), fire: createFireConfigForTest(regulation) },
    [{ path: 'fire/settings/optimization', element: <OptimizationPage /> }],
    '/project/p1/fire/settings/optimization',
  );
  const config = (): Fire['config'] => store.getState().model.fire!.config;
  return { store, config };
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const detectorGroup = (type: 'Smoke' | 'Heat') => within(section('Detector Settings').getByRole('group', { name: type }));
const input = (label: string, scope: Pick<typeof screen, 'getByLabelText'> = screen) => scope.getByLabelText<HTMLInputElement>(label);

/** Types a value and leaves the field, as a user does. */
function type(field: HTMLInputElement, value: string, commit: 'blur' | 'Enter' = 'blur') {
  fireEvent.change(field, { target: { value } });
  if (commit === 'blur') fireEvent.blur(field);
  else fireEvent.keyDown(field, { key: 'Enter' });
}

const areaInputs = () =>
  within(screen.getByRole('list', { name: 'Section areas' }))
    .getAllByRole('spinbutton')
    .map((field) => (field as HTMLInputElement).value);

function addArea(value: string) {
  fireEvent.change(input('New section area'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Add area' }));
}

describe('the optimization page', () => {
  it('shows the four sections with the model values and the unit beside each input', () => {
    setup();
    for (const name of ['Detector Settings', 'Unit Settings', 'Section Areas', 'Cabling Settings']) expect(section(name)).toBeTruthy();
    // SBF 110:8 defaults (packages/fire regulations): smoke 6.2 m apart, 75 m² each; heat 4.5 m.
    expect(input('Max detector distance', detectorGroup('Smoke')).value).toBe('6.2');
    expect(input('Max detector distance', detectorGroup('Heat')).value).toBe('4.5');
    const unitOf = (field: HTMLInputElement) => field.closest('.measure-field')?.querySelector('.measure-unit')?.textContent;
    expect(unitOf(input('Area per detector', detectorGroup('Smoke')))).toBe('m²');
    expect(unitOf(input('Min wall distance', detectorGroup('Heat')))).toBe('m');
    expect(unitOf(input('Siren max range'))).toBe('m');
    expect(unitOf(input('Button max range from door'))).toBe('m');
    expect(unitOf(input('Route max area'))).toBe('m²');
    expect(unitOf(input('Start voltage margin'))).toBe('%');
    expect(unitOf(input('Section area 1'))).toBe('m²');
    expect(input('Route max units').value).toBe('100');
  });

  it('edits land in the model: per detector type, unit settings and cabling', () => {
    const { config } = setup();
    type(input('Max detector distance', detectorGroup('Heat')), '5.1');
    type(input('Min air inlet distance', detectorGroup('Smoke')), '0.8', 'Enter');
    type(input('Siren max range'), '20');
    type(input('Button max range from door'), '2.5');
    type(input('Route max area'), '5000');
    type(input('Start voltage margin'), '12.5');
    const { unit, cabling } = config();
    expect(unit.detector.Heat).toEqual({
      min_wall_distance: 0.5,
      min_air_inlet_distance: 1,
      max_detector_distance: 5.1,
      area_per_detector: 30,
      max_shaft_distance: 1.5,
    });
    expect(unit.detector.Smoke.min_air_inlet_distance).toBe(0.8);
    expect(unit.detector.Smoke.max_detector_distance).toBe(6.2);
    expect(unit.siren.max_range).toBe(20);
    expect(unit.button.max_range_from_door).toBe(2.5);
    expect(cabling).toEqual({
      route_max_units: 100,
      route_max_area: 5000,
      start_voltage_margin: 12.5,
      isolator_max_units: 20,
      class_a_separation: false,
    });
    expect(input('Max detector distance', detectorGroup('Heat')).value).toBe('5.1');
  });

  it('a value below its minimum is clamped to it (F§5)', () => {
    const { config } = setup();
    type(input('Min wall distance', detectorGroup('Smoke')), '-1');
    type(input('Min air inlet distance', detectorGroup('Heat')), '-0.5');
    type(input('Route max area'), '0.2');
    type(input('Start voltage margin'), '-10');
    type(input('Route max units'), '0');
    expect(config().unit.detector.Smoke.min_wall_distance).toBe(0);
    expect(config().unit.detector.Heat.min_air_inlet_distance).toBe(0);
    expect(config().cabling).toMatchObject({ route_max_units: 1, route_max_area: 1, start_voltage_margin: 0 });
    expect(input('Route max area').value).toBe('1');
  });

  it('route max units is a whole number: 37.6 becomes 38', () => {
    const { config } = setup();
    type(input('Route max units'), '37.6');
    expect(config().cabling.route_max_units).toBe(38);
    expect(input('Route max units').value).toBe('38');
  });

  it('units between isolators: 20 by default, a whole number from 1 (issue 26)', () => {
    const { config } = setup();
    const field = input('Units between isolators', section('Cabling Settings'));
    expect(field.value).toBe('20');
    type(field, '25.4');
    expect(config().cabling.isolator_max_units).toBe(25);
    expect(field.value).toBe('25');
    type(field, '0');
    expect(config().cabling.isolator_max_units).toBe(1);
    type(field, '-7', 'Enter');
    expect(config().cabling.isolator_max_units).toBe(1);
    // An empty or unreadable entry goes back to the value.
    type(field, '');
    expect(config().cabling.isolator_max_units).toBe(1);
    expect(field.value).toBe('1');
  });

  it('Class A separation (NFPA 72): off for SBF 110:8, on for NFPA 72, toggled in the model and undone', () => {
    const box = () => section('Cabling Settings').getByRole<HTMLInputElement>('checkbox', { name: 'Class A separation (NFPA 72)' });
    const sbf = setup();
    expect(box().checked).toBe(false);
    fireEvent.click(box());
    expect(sbf.config().cabling.class_a_separation).toBe(true);
    expect(box().checked).toBe(true);
    fireEvent.keyDown(box(), { key: 'z', ctrlKey: true });
    expect(sbf.config().cabling.class_a_separation).toBe(false);
    cleanup();

    const nfpa = setup('Nfpa72');
    expect(box().checked).toBe(true);
    fireEvent.click(box());
    expect(nfpa.config().cabling).toEqual({
      route_max_units: 127,
      route_max_area: 10_000,
      start_voltage_margin: 15,
      isolator_max_units: 20,
      class_a_separation: false,
    });
  });

  it('battery: the regulation’s durations and factor, edited in the model and clamped (issue 33)', () => {
    const bs = setup('Bs5839');
    const battery = section('Battery');
    expect(battery.getByText(/72 h standby where there is no maintenance contract/)).toBeTruthy();
    expect([input('Standby', battery).value, input('Alarm', battery).value, input('Battery factor', battery).value]).toEqual([
      '24',
      '30',
      '1.25',
    ]);
    type(input('Standby', battery), '72');
    expect(bs.config().battery).toEqual({ standby_hours: 72, alarm_minutes: 30, factor: 1.25 });
    type(input('Battery factor', battery), '0.5');
    type(input('Alarm', battery), '0');
    expect(bs.config().battery).toEqual({ standby_hours: 72, alarm_minutes: 1, factor: 1 });
    cleanup();

    const nfpa = setup('Nfpa72');
    expect(nfpa.config().battery).toEqual({ standby_hours: 24, alarm_minutes: 5, factor: 1.25 });
    // Voice evacuation and an edition up to 2019.
    type(input('Alarm', section('Battery')), '15');
    type(input('Battery factor', section('Battery')), '1.2');
    expect(nfpa.config().battery).toEqual({ standby_hours: 24, alarm_minutes: 15, factor: 1.2 });
  });

  it('section areas stay sorted descending when adding and editing, duplicates allowed; remove works', () => {
    const { config } = setup();
    expect(areaInputs()).toEqual(['2000', '1600']);
    addArea('1800');
    expect(config().section.section_areas).toEqual([2000, 1800, 1600]);
    addArea('1600');
    expect(config().section.section_areas).toEqual([2000, 1800, 1600, 1600]);
    expect(input('New section area').value).toBe('');
    addArea('2500');
    expect(config().section.section_areas).toEqual([2500, 2000, 1800, 1600, 1600]);
    // Editing the largest to a small value moves it to the end.
    type(input('Section area 1'), '900');
    expect(config().section.section_areas).toEqual([2000, 1800, 1600, 1600, 900]);
    expect(areaInputs()).toEqual(['2000', '1800', '1600', '1600', '900']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove section area 2' }));
    expect(config().section.section_areas).toEqual([2000, 1600, 1600, 900]);
    expect(areaInputs()).toEqual(['2000', '1600', '1600', '900']);
    // An area is positive: below the smallest accepted it is clamped.
    addArea('-5');
    expect(config().section.section_areas).toEqual([2000, 1600, 1600, 900, 1]);
  });

  it('removing every area leaves an empty list, and Add is off until a number is typed', () => {
    const { config } = setup();
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add area' });
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove section area 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove section area 1' }));
    expect(config().section.section_areas).toEqual([]);
    expect(section('Section Areas').getByText('No section areas')).toBeTruthy();
    addArea('1200');
    expect(config().section.section_areas).toEqual([1200]);
  });

  it('ctrl+Z in a field undoes the edit through the store, and ctrl+Y redoes it', () => {
    const { store, config } = setup();
    const field = input('Max shaft distance', detectorGroup('Smoke'));
    type(field, '3');
    expect(config().unit.detector.Smoke.max_shaft_distance).toBe(3);
    expect(store.getState().identity).not.toBe(WORKING_VERSION);
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(config().unit.detector.Smoke.max_shaft_distance).toBe(1.5);
    expect(input('Max shaft distance', detectorGroup('Smoke')).value).toBe('1.5');
    fireEvent.keyDown(field, { key: 'y', ctrlKey: true });
    expect(config().unit.detector.Smoke.max_shaft_distance).toBe(3);
  });
});
