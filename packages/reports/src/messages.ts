/** The user-facing texts of the reports: F§5's export requirements word for word, and the refusals of gen_fire_reports. */
export const REQUIREMENTS = {
  sections: 'Requires fire sections',
  units: 'Requires fire units',
  routes: 'Requires fire routes',
  connections: 'Requires fire connections',
} as const;
export type Requirement = (typeof REQUIREMENTS)[keyof typeof REQUIREMENTS];

export const REPORT_MESSAGES = {
  unknownReport: (key: string) => `Unknown report ${key}`,
  otherRegulation: (key: string, regulation: string) => `Report ${key} is not a report of ${regulation}`,
  noFormat: (key: string, format: string) => `Report ${key} has no ${format} format`,
  noReports: 'No report selected',
  unknownRegulation: (value: string) => `Unknown regulation ${value}`,
} as const;
