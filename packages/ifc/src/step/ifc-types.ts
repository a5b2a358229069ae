/** web-ifc's type codes and the STEP keywords they stand for (IFCWALL: 'IFCWALL'), from web-ifc's own names for them. */
import * as WebIfc from 'web-ifc';

let keywords: Map<number, Buffer> | undefined;
let types: Map<string, number> | undefined;

function tables(): { keywords: Map<number, Buffer>; types: Map<string, number> } {
  if (!keywords || !types) {
    const named = Object.entries(WebIfc).filter(
      (entry): entry is [string, number] => entry[0].startsWith('IFC') && typeof entry[1] === 'number',
    );
    keywords = new Map(named.map(([name, code]) => [code, Buffer.from(name, 'latin1')]));
    types = new Map(named);
  }
  return { keywords, types };
}

/** The STEP keyword of a web-ifc type code, as bytes to compare with the text's. */
export function keywordOf(type: number): Buffer {
  const keyword = tables().keywords.get(type);
  if (!keyword) throw new Error(`No STEP keyword for web-ifc type ${type}`);
  return keyword;
}

/** The web-ifc type code of a STEP keyword (upper case); 0 for a keyword web-ifc does not know. */
export const typeOf = (keyword: string): number => tables().types.get(keyword) ?? 0;
