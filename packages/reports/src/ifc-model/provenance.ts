// Who added the fire design to the file: an IfcOwnerHistory of its own (ChangeAction ADDED, by the designer who asked
// for the documents, with edrf as the application, dated the documents' date), so that a BIM tool tells the design
// from the building. IFC2X3 requires one on every rooted entity.
import { IFCAPPLICATION, IFCORGANIZATION, IFCOWNERHISTORY, IFCPERSON, IFCPERSONANDORGANIZATION } from 'web-ifc';
import type { IfcWriter, Ref } from './writer.js';

export const APPLICATION = { name: 'edrf', fullName: 'edrf fire alarm design', version: '0.1.0' };

/** Seconds since 1970 of a YYYY-MM-DD date at midnight UTC (IfcTimeStamp); now when the date does not read. */
export function timeStamp(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Math.floor((Number.isFinite(ms) ? ms : Date.now()) / 1000);
}

export function ownerHistory(w: IfcWriter, designer: string, date: string): Ref {
  // IFC2X3 asks a person for a family or given name, IFC4 for any of them with the identification: the name given is the designer's.
  const person = w.add(IFCPERSON, null, w.label(designer || 'Unknown'), null, null, null, null, null, null);
  const organization = w.add(IFCORGANIZATION, null, w.label(APPLICATION.name), null, null, null);
  const user = w.add(IFCPERSONANDORGANIZATION, person, organization, null);
  const application = w.add(
    IFCAPPLICATION,
    organization,
    w.label(APPLICATION.version),
    w.label(APPLICATION.fullName),
    w.identifier(APPLICATION.name),
  );
  return w.add(IFCOWNERHISTORY, user, application, null, w.enumeration('ADDED'), null, null, null, w.timeStamp(timeStamp(date)));
}
