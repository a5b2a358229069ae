import { useEffect, useRef } from 'react';
import {
  allSelected,
  formatChosen,
  selectableKeys,
  toggleAll,
  toggleFormat,
  toggleReport,
  type ReportRow,
  type Selection,
} from './export-selection';

interface Props {
  rows: readonly ReportRow[];
  selection: Selection;
  onChange: (selection: Selection) => void;
  /** F§4: the table is disabled until nothing is outstanding. */
  disabled: boolean;
}

/**
 * The regulation's reports (F§4, F§9): a box per report, a box per format of it, and the blocking status text of a
 * report whose requirement the model lacks (F§5); select-all ticks only the reports without one.
 */
export function ReportsTable({ rows, selection, onChange, disabled }: Props) {
  const all = useRef<HTMLInputElement>(null);
  const some = selectableKeys(rows).some((key) => selection.reports.has(key));
  const every = allSelected(rows, selection);
  useEffect(() => {
    if (all.current) all.current.indeterminate = some && !every;
  }, [some, every]);

  return (
    <fieldset className="reports-fieldset" disabled={disabled} aria-label="Reports">
      <table className="table reports-table">
        <thead>
          <tr>
            <th className="pick">
              <input
                ref={all}
                type="checkbox"
                aria-label="Select all reports"
                checked={every}
                onChange={() => onChange(toggleAll(rows, selection))}
              />
            </th>
            <th>Report</th>
            <th>Formats</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const ticked = selection.reports.has(row.key);
            return (
              <tr key={row.key} className={row.blocked ? 'blocked' : undefined}>
                <td className="pick">
                  <input
                    type="checkbox"
                    aria-label={row.name}
                    checked={ticked && !row.blocked}
                    disabled={row.blocked !== null}
                    onChange={() => onChange(toggleReport(selection, row.key))}
                  />
                </td>
                <td className="report-name">{row.name}</td>
                <td className="formats">
                  {row.formats.map((format) => (
                    <label key={format} className="format">
                      <input
                        type="checkbox"
                        aria-label={`${row.name} ${format.toUpperCase()}`}
                        checked={formatChosen(selection, row.key, format)}
                        disabled={row.blocked !== null || !ticked}
                        onChange={() => onChange(toggleFormat(selection, row.key, format))}
                      />
                      {format.toUpperCase()}
                    </label>
                  ))}
                </td>
                <td className="report-status">{row.blocked ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
