// The units page's 3D mode (docs/fire-units.md '3D mode'), mounted by a few lines in UnitsPage.tsx.
export { UnitsView3d } from './UnitsView3d';
export { ViewModeSwitch } from './ViewModeSwitch';
export { useViewMode } from './use-view-mode';
