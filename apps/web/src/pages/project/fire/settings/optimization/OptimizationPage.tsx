import { useId, type ReactNode } from 'react';
import type { Regulation } from '@edrf/model';
import { setAt } from '../../../../../state/typed-path';
import { useModelEdit, useProjectState } from '../../../../../state/use-project';
import { DetectorSettingsFields } from './DetectorSettingsFields';
import { MeasureField } from './MeasureField';
import { SectionAreasEditor } from './SectionAreasEditor';
import './optimization.css';

/**
 * /project/{id}/fire/settings/optimization (F§2, F§3 'Optimization config'): model.fire.config.unit, .section and
 * .cabling with F§5's minimums (and issue 26's units between isolators, at least 1, and Class A separation), and
 * issue 33's .battery (standby h, alarm min, factor). Every change is an edit of the model through the project store.
 */
export function OptimizationPage() {
  const { model } = useProjectState();
  const edit = useModelEdit();
  // The fire area sends a model without a fire config away (FireLayout).
  const config = model.fire?.config;
  if (!config) return null;
  const { unit, section, cabling, battery } = config;
  return (
    <div className="page optimization-page">
      <header className="page-header">
        <h1>Optimization</h1>
      </header>
      <SettingsCard title="Detector Settings">
        <DetectorSettingsFields
          settings={unit.detector}
          onCommit={(type, settings) => edit([setAt(['fire', 'config', 'unit', 'detector', type], settings)])}
        />
      </SettingsCard>
      <SettingsCard title="Unit Settings">
        <div className="settings-fields">
          <MeasureField
            label="Siren max range"
            unit="m"
            min={0}
            value={unit.siren.max_range}
            onCommit={(value) => edit([setAt(['fire', 'config', 'unit', 'siren', 'max_range'], value)])}
          />
          <MeasureField
            label="Button max range from door"
            unit="m"
            min={0}
            value={unit.button.max_range_from_door}
            onCommit={(value) => edit([setAt(['fire', 'config', 'unit', 'button', 'max_range_from_door'], value)])}
          />
        </div>
      </SettingsCard>
      <SettingsCard title="Section Areas">
        <SectionAreasEditor
          areas={section.section_areas}
          onChange={(areas) => edit([setAt(['fire', 'config', 'section', 'section_areas'], areas)])}
        />
      </SettingsCard>
      <SettingsCard title="Cabling Settings">
        <div className="settings-fields">
          <MeasureField
            label="Route max units"
            min={1}
            decimals={0}
            value={cabling.route_max_units}
            onCommit={(value) => edit([setAt(['fire', 'config', 'cabling', 'route_max_units'], value)])}
          />
          <MeasureField
            label="Route max area"
            unit="m²"
            min={1}
            value={cabling.route_max_area}
            onCommit={(value) => edit([setAt(['fire', 'config', 'cabling', 'route_max_area'], value)])}
          />
          <MeasureField
            label="Start voltage margin"
            unit="%"
            min={0}
            value={cabling.start_voltage_margin}
            onCommit={(value) => edit([setAt(['fire', 'config', 'cabling', 'start_voltage_margin'], value)])}
          />
          <MeasureField
            label="Units between isolators"
            min={1}
            decimals={0}
            value={cabling.isolator_max_units}
            onCommit={(value) => edit([setAt(['fire', 'config', 'cabling', 'isolator_max_units'], value)])}
          />
          {/* Outgoing and return paths of a loop not in the same tray or raceway; on by default for NFPA 72 only. */}
          <label className="check">
            <input
              type="checkbox"
              checked={cabling.class_a_separation}
              onChange={(event) => edit([setAt(['fire', 'config', 'cabling', 'class_a_separation'], event.target.checked)])}
            />
            Class A separation (NFPA 72)
          </label>
        </div>
      </SettingsCard>
      {/* Issue 33: what every central's and power supply's battery must carry, the regulation's by default. */}
      <SettingsCard title="Battery">
        <p className="muted">{BATTERY_HINT[config.regulation]}</p>
        <div className="settings-fields">
          <MeasureField
            label="Standby"
            unit="h"
            min={1}
            value={battery.standby_hours}
            onCommit={(value) => edit([setAt(['fire', 'config', 'battery', 'standby_hours'], value)])}
          />
          <MeasureField
            label="Alarm"
            unit="min"
            min={1}
            value={battery.alarm_minutes}
            onCommit={(value) => edit([setAt(['fire', 'config', 'battery', 'alarm_minutes'], value)])}
          />
          <MeasureField
            label="Battery factor"
            min={1}
            max={2}
            decimals={2}
            value={battery.factor}
            onCommit={(value) => edit([setAt(['fire', 'config', 'battery', 'factor'], value)])}
          />
        </div>
      </SettingsCard>
    </div>
  );
}

/** What each regulation asks of the batteries, and when to change the defaults (fire-next.md §2.3). */
const BATTERY_HINT: Record<Regulation, string> = {
  Bs5839:
    'BS 5839-1: 24 h standby and 30 min alarm, × 1.25; 72 h standby where there is no maintenance contract or remote fault monitoring.',
  Nfpa72: 'NFPA 72: 24 h standby and 5 min alarm (15 min with voice evacuation), × 1.25 from the 2022 edition (1.20 up to 2019).',
  Sbf1108: 'SBF 110:8: 24 h standby and 30 min alarm, × 1.25 (not verified against the rules: check them).',
};

/** One titled section of the page, named by its title. */
function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
