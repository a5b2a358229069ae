import { describe, expect, test } from 'vitest';
import { countEntities, entitiesOf, entitiesWithStrings, lastAttributeRef } from './step-text.js';

const text = (s: string) => Buffer.from(s, 'latin1');
const KEYWORD = text('IFCRELDEFINESBYPROPERTIES');

describe('reading the STEP text', () => {
  test('entities of a keyword, with blanks and line breaks around "=" and "("', () => {
    const bytes = text(
      "#1=IFCWALL('a',$);\n#12 =\r\n IFCRELDEFINESBYPROPERTIES ('b',$,$,$,(#1),#9);\n#13=IFCLABEL('IFCRELDEFINESBYPROPERTIES');\n",
    );
    expect(entitiesOf(bytes, KEYWORD).map((e) => e.id)).toEqual([12]);
  });

  test('entities of a keyword counted, up to a limit', () => {
    const bytes = text(
      "#1=IFCPRODUCTDEFINITIONSHAPE($,$,(#5));\n#2 = IFCPRODUCTDEFINITIONSHAPE ($,$,(#6));\n#3=IFCLABEL('IFCPRODUCTDEFINITIONSHAPE');\n#4=IFCPRODUCTDEFINITIONSHAPE($,$,(#7));\n",
    );
    const keyword = text('IFCPRODUCTDEFINITIONSHAPE');
    expect(countEntities(bytes, keyword, 10)).toBe(3);
    expect(countEntities(bytes, keyword, 2)).toBe(2);
    expect(countEntities(text('DATA;\nENDSEC;'), keyword, 10)).toBe(0);
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

  test('entities holding a string value, for names found in one pass or one by one', () => {
    const bytes = text(
      "DATA;\n#7=IFCPROPERTYSET('g1',$,'Pset_WallCommon',$,(#6));\n#8= IFCPROPERTYSET('g2',$,'Pset_WallCommonX',$,(#6));#9=IFCPROPERTYSET('g3',$,'Pset_WallCommon',$,(#6));\n#10=IFCPROPERTYSET('g4',$,'Pset_DoorCommon',$,(#6));\n#11=IFCPROPERTYSET('g5',$,'Qto_Door',$,(#6));\n",
    );
    const sets = (names: string[]) => Object.fromEntries(entitiesWithStrings(bytes, names)!);
    expect(sets(['Pset_WallCommon', 'Pset_DoorCommon', 'Pset_SlabCommon'])).toEqual({
      Pset_WallCommon: [7, 9],
      Pset_DoorCommon: [10],
      Pset_SlabCommon: [],
    });
    expect(sets(['Pset_WallCommon', 'Qto_Door'])).toEqual({ Pset_WallCommon: [7, 9], Qto_Door: [11] });
    // What comes between entities but is not one (a comment) leaves the entity untold.
    const commented = text("DATA;\n/* sets */ #7=IFCPROPERTYSET('g1',$,'Pset_WallCommon',$,(#6));");
    expect(entitiesWithStrings(commented, ['Pset_WallCommon', 'Pset_DoorCommon'])).toBeUndefined();
  });
});
