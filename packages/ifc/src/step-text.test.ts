import { describe, expect, test } from 'vitest';
import { entitiesOf, entitiesWithString, lastAttributeRef } from './step-text.js';

const text = (s: string) => Buffer.from(s, 'latin1');
const KEYWORD = text('IFCRELDEFINESBYPROPERTIES');

describe('reading the STEP text', () => {
  test('entities of a keyword, with blanks and line breaks around "=" and "("', () => {
    const bytes = text(
      "#1=IFCWALL('a',$);\n#12 =\r\n IFCRELDEFINESBYPROPERTIES ('b',$,$,$,(#1),#9);\n#13=IFCLABEL('IFCRELDEFINESBYPROPERTIES');\n",
    );
    expect(entitiesOf(bytes, KEYWORD).map((e) => e.id)).toEqual([12]);
  });

  test("the last attribute's reference, whatever the strings before it hold", () => {
    const last = (s: string) => {
      const bytes = text(s);
      return lastAttributeRef(bytes, entitiesOf(bytes, KEYWORD)[0]!.open);
    };
    expect(last("#5=IFCRELDEFINESBYPROPERTIES('g',#2,$,$,(#3,#4),#59);")).toBe(59);
    expect(last("#5=IFCRELDEFINESBYPROPERTIES('g',#2,'it''s ;),#7',$,(#3),\n  #60 );")).toBe(60);
    expect(last("#5=IFCRELDEFINESBYPROPERTIES('g',#2,$,$,(#3),$);")).toBeUndefined();
    expect(last("#5=IFCRELDEFINESBYPROPERTIES('g',#2,$,$,(#3),(#7,#8));")).toBeUndefined();
    // An entity that does not end before the next one begins is not read.
    expect(last("#5=IFCRELDEFINESBYPROPERTIES('g',#2,$,$,(#3),#9;\n#6=IFCWALL('a');")).toBeUndefined();
  });

  test('entities holding a string value', () => {
    const bytes = text(
      "DATA;\n#7=IFCPROPERTYSET('g1',$,'Pset_WallCommon',$,(#6));\n#8= IFCPROPERTYSET('g2',$,'Pset_WallCommonX',$,(#6));#9=IFCPROPERTYSET('g3',$,'Pset_WallCommon',$,(#6));\n",
    );
    expect(entitiesWithString(bytes, 'Pset_WallCommon')).toEqual([7, 9]);
    expect(entitiesWithString(bytes, 'Pset_DoorCommon')).toEqual([]);
    // What comes between entities but is not one (a comment) leaves the entity untold.
    expect(
      entitiesWithString(text("DATA;\n/* sets */ #7=IFCPROPERTYSET('g1',$,'Pset_WallCommon',$,(#6));"), 'Pset_WallCommon'),
    ).toBeUndefined();
  });
});
