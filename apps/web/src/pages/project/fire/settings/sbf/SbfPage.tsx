import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { SBF_CLASSES, SBF_EVAC_LABELS, SBF_EVAC_TYPES, SBF_NOTIFICATION_TYPES, SBF_TRANSFER_TYPES, type SbfConfig } from '@edrf/model';
import { setAt } from '../../../../../state/typed-path';
import { useModelEdit, useProjectState } from '../../../../../state/use-project';
import { NumberField } from '../../../model/NumberField';
import { FacilityManagersEditor } from './FacilityManagersEditor';
import { CheckField, DateField, SelectField, TextField } from './form-fields';
import './sbf.css';

/** The SBF form's free-text fields (not its enumerations). */
type SbfTextKey = { [K in keyof SbfConfig]: string extends SbfConfig[K] ? K : never }[keyof SbfConfig];
type SbfFlagKey = { [K in keyof SbfConfig]: SbfConfig[K] extends boolean ? K : never }[keyof SbfConfig];
type SbfDelayTimeKey = 'delay_time' | 'delay_receipt_time' | 'delay_investigation_time';

/**
 * /project/{id}/fire/settings/sbf (F§2, F§3 'SBF config fields'): the SBF 110:8 form of model.fire.config.sbf in
 * labelled groups. Without an SBF config (BS 5839, NFPA 72) it sends to /fire/settings.
 */
export function SbfPage() {
  const { model } = useProjectState();
  const edit = useModelEdit();
  const { projectId = '' } = useParams();
  const sbf = model.fire?.config.sbf;
  if (!sbf) return <Navigate to={`/project/${encodeURIComponent(projectId)}/fire/settings`} replace />;

  const text = (field: SbfTextKey, label: string, multiline = false) => (
    <TextField
      label={label}
      value={sbf[field]}
      multiline={multiline}
      disabled={field === 'delay_descr' && !sbf.delay}
      onChange={(value) => edit([setAt(['fire', 'config', 'sbf', field], value)])}
    />
  );
  const flag = (field: SbfFlagKey, label: string) => (
    <CheckField label={label} checked={sbf[field]} onChange={(value) => edit([setAt(['fire', 'config', 'sbf', field], value)])} />
  );
  // F§5: the delay's own fields only while delay is on.
  const minutes = (field: SbfDelayTimeKey, label: string) => (
    <NumberField
      label={label}
      min={0}
      disabled={!sbf.delay}
      value={sbf[field]}
      onCommit={(value) => edit([setAt(['fire', 'config', 'sbf', field], value)])}
    />
  );

  return (
    <div className="page sbf-page">
      <header className="page-header">
        <h1>SBF 110:8</h1>
      </header>
      <Group title="Installation">
        {flag('new_installation', 'New installation')}
        {flag('governmental', 'Governmental')}
        <DateField
          label="Replaces certificate dated"
          value={sbf.replaces_date}
          onChange={(value) => edit([setAt(['fire', 'config', 'sbf', 'replaces_date'], value)])}
        />
      </Group>
      <Group title="Certificate">
        {text('installer_company', 'Installer company')}
        {text('installer_company_address', 'Installer company address')}
        {text('installer_company_cert_id', 'Installer certificate id')}
        {text('cert_engineer', 'Certified engineer')}
        {text('subcontractor', 'Subcontractor')}
        {text('maintenance_company', 'Maintenance company')}
      </Group>
      <Group title="Class">
        <SelectField
          label="Class"
          value={sbf.cls}
          options={SBF_CLASSES}
          onChange={(value) => edit([setAt(['fire', 'config', 'sbf', 'cls'], value)])}
        />
        {text('cls_descr', 'Class description', true)}
      </Group>
      <Group title="Activation">
        {flag('activation_by_all', 'Activation by all detectors')}
        {text('activation_descr', 'Activation description', true)}
      </Group>
      <Group title="I/O">
        {text('io_functions', 'I/O functions')}
        {text('io_area', 'I/O area')}
        {text('io_scope', 'I/O scope')}
      </Group>
      <Group title="Notification">
        <SelectField
          label="Notification type"
          value={sbf.notification_type}
          options={SBF_NOTIFICATION_TYPES}
          onChange={(value) => edit([setAt(['fire', 'config', 'sbf', 'notification_type'], value)])}
        />
        {text('notification_area', 'Notification area')}
        {text('notification_scope', 'Notification scope')}
        {flag('notification_spoken_message', 'Spoken message')}
      </Group>
      <Group title="Transfer">
        <SelectField
          label="Transfer type"
          value={sbf.transfer_type}
          options={SBF_TRANSFER_TYPES}
          onChange={(value) => edit([setAt(['fire', 'config', 'sbf', 'transfer_type'], value)])}
        />
        {text('transfer_system_type', 'Transfer system type')}
        {text('transfer_transmitter_type', 'Transmitter type')}
        {text('transfer_transmitter_number', 'Transmitter number')}
        {text('transfer_receiver', 'Receiver')}
      </Group>
      <Group title="Delay">
        {flag('delay', 'Delay')}
        {minutes('delay_time', 'Delay time (min)')}
        {minutes('delay_receipt_time', 'Receipt time (min)')}
        {minutes('delay_investigation_time', 'Investigation time (min)')}
        {text('delay_descr', 'Delay description', true)}
      </Group>
      <Group title="Evacuation">
        <SelectField
          label="Evacuation coverage"
          value={sbf.evac_coverage_type}
          options={SBF_EVAC_TYPES}
          labels={SBF_EVAC_LABELS}
          onChange={(value) => edit([setAt(['fire', 'config', 'sbf', 'evac_coverage_type'], value)])}
        />
        {text('evac_coverage_descr', 'Coverage description', true)}
        <SelectField
          label="Evacuation selection"
          value={sbf.evac_selection_type}
          options={SBF_EVAC_TYPES}
          labels={SBF_EVAC_LABELS}
          onChange={(value) => edit([setAt(['fire', 'config', 'sbf', 'evac_selection_type'], value)])}
        />
        {text('evac_selection_descr', 'Selection description', true)}
      </Group>
      <Group title="Notes">
        {text('amendments', 'Amendments', true)}
        {text('other_notes', 'Other notes', true)}
      </Group>
      <Group title="Facility managers" wide>
        <FacilityManagersEditor
          managers={sbf.facility_managers}
          onEdit={(index, manager) => edit([setAt(['fire', 'config', 'sbf', 'facility_managers', index], manager)])}
          onChange={(managers) => edit([setAt(['fire', 'config', 'sbf', 'facility_managers'], managers)])}
        />
      </Group>
    </div>
  );
}

/** A labelled group of the form (a fieldset named by its legend). */
function Group({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <fieldset className={wide ? 'card sbf-group sbf-group-wide' : 'card sbf-group'}>
      <legend className="card-title">{title}</legend>
      {wide ? children : <div className="sbf-fields">{children}</div>}
    </fieldset>
  );
}
