export {
  calcFireSections,
  compareSectionNames,
  hasDetectors,
  SECTION_LABEL_PREFIX,
  type CalcFireSectionsInput,
  type FireSectionsResult,
  type SectionsSettings,
} from './calc-sections.js';
export { SECTION_MESSAGES } from './messages.js';
export { SECTION_RULES, sectionCap } from './section-rules.js';
