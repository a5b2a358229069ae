// The opening of the fire specs: sign in, open the seeded project, add an IFC file (AC20-FZK-Haus.ifc unless told),
// add the fire module. The pieces are exported too, for specs that look at something between them.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { corpusFile } from './corpus.js';
import { addIfc } from './ifc.js';
import { signInWithPasscode } from './login.js';
import { dialog, escapeRegExp, rowOf } from './ui.js';

/** The house the fire specs design on: two storeys, Erdgeschoss and Dachgeschoss. */
export const FZK_HAUS = corpusFile('AC20-FZK-Haus.ifc');

/** Skips the running test, saying why, when the IFC corpus lacks the file. */
export function skipWithoutCorpus(file: string = FZK_HAUS): void {
  test.skip(!fs.existsSync(file), `the IFC corpus is absent (${file}); set IFC_CORPUS to the folder holding ${path.basename(file)}`);
}

/** The project navigation on the left (Model, Fire, …). */
export const projectNavigation = (page: Page) =>
  page.getByRole('complementary').filter({ has: page.getByRole('link', { name: 'Property details' }) });

/** Opens the project from the projects list and returns its path ('/project/<id>'). */
export async function openProject(page: Page, project: string): Promise<string> {
  await page.goto('/projects');
  await rowOf(page, project).getByRole('link', { name: project }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

export type FireRegulation = 'SBF 110:8' | 'BS 5839' | 'NFPA 72';

/**
 * Fire in the project navigation, then Add in the Add Fire Module dialog with the regulation (SBF 110:8, checked
 * already, unless told; the beta ones are offered to platform admins in prepaid organizations only). Resolves on the
 * units page the dialog leads to.
 */
export async function addFireModule(page: Page, projectPath: string, regulation: FireRegulation = 'SBF 110:8'): Promise<void> {
  await projectNavigation(page).getByRole('button', { name: 'Fire', exact: true }).click();
  const add = dialog(page, 'Add Fire Module');
  // A beta regulation's radio is named with its 'beta' mark: 'BS 5839 beta'.
  await add.getByRole('radio', { name: new RegExp(`^${escapeRegExp(regulation)}(\\s*beta)?$`) }).check();
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(projectPath)}/fire/units(\\?.*)?$`));
}

export interface FireProjectOptions {
  /** The IFC file added to the project: AC20-FZK-Haus.ifc unless told. */
  ifc?: string;
  regulation?: FireRegulation;
}

/**
 * The fire specs' opening: `user` signs in, opens `project` (seeded with `user` as its admin, e2e/support/seed.ts),
 * adds the IFC file and the fire module. Resolves on /fire/units with the project's path ('/project/<id>').
 */
export async function openFireProject(
  page: Page,
  user: string,
  project: string,
  { ifc = FZK_HAUS, regulation }: FireProjectOptions = {},
): Promise<{ projectPath: string }> {
  await signInWithPasscode(page, user);
  const projectPath = await openProject(page, project);
  await addIfc(page, ifc);
  await addFireModule(page, projectPath, regulation);
  return { projectPath };
}
