// Issue 3, 'Done when': create an organization and a project, add a second user to each with a
// role, show that user the project, rename and delete the project (and then the organization).
// olivia starts with nothing; sam is the second user; nora has no role anywhere (support/seed.ts).
import { expect, test, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { NORA, OLIVIA, SAM } from './support/seed.js';
import { detail, dialog, escapeRegExp, expectToast, rowOf } from './support/ui.js';

const ORG = 'Olivia Fire AB';
const PROJECT = 'Harbour Tower';
const RENAMED = 'Harbour Tower B';

const sidebar = (page: Page) => page.getByRole('complementary');

/** The role row of an e-mail in the open settings dialog (one's own row reads 'e-mail (you)'). */
const roleRow = (page: Page, email: string) => rowOf(page.getByRole('dialog').first(), new RegExp(`^${escapeRegExp(email)}( \\(you\\))?$`));

async function openOrgSettings(page: Page) {
  await page.goto('/orgs');
  await rowOf(page, ORG)
    .getByRole('button', { name: `Settings of ${ORG}` })
    .click();
  const settings = dialog(page, 'Organization settings');
  await expect(settings).toBeVisible();
  return settings;
}

test('an organization admin shares an organization and a project with a second user, then renames and deletes them', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  let orgId = '';
  let projectId = '';

  await test.step('olivia creates an organization', async () => {
    await signInWithPasscode(page, OLIVIA);
    await sidebar(page).getByRole('link', { name: 'Organizations' }).click();
    await expect(page).toHaveURL('/orgs');
    await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible();
    await expect(page.getByText('No organizations', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'New Organization' }).click();
    const create = dialog(page, 'New Organization');
    await create.getByRole('button', { name: 'Create organization' }).click();
    await expect(create.getByRole('alert')).toHaveText('Name is required');
    await create.getByLabel('Name').fill(ORG);
    await create.getByRole('button', { name: 'Create organization' }).click();
    await expectToast(page, `Organization ${ORG} created`);
    await expect(create).toBeHidden();

    const row = rowOf(page, ORG);
    await expect(row.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    const link = row.getByRole('link', { name: ORG });
    await expect(link).toHaveAttribute('href', /^\/org\/[0-9a-f-]{36}$/);
    orgId = /^\/org\/([0-9a-f-]{36})$/.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '';
  });

  await test.step('olivia adds sam to the organization as Standard', async () => {
    const settings = await openOrgSettings(page);
    await expect(settings.getByLabel('Name')).toHaveValue(ORG);

    // Her own row is shown but locked.
    const own = roleRow(page, OLIVIA);
    await expect(own).toHaveAttribute('aria-disabled', 'true');
    await expect(own.getByRole('cell', { name: `${OLIVIA} (you)` })).toBeVisible();
    await expect(own.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    for (const action of ['Edit', 'Remove']) {
      const button = own.getByRole('button', { name: `${action} ${OLIVIA}` });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', 'You cannot change your own role');
    }

    const email = settings.getByLabel('E-mail of the user to add');
    const role = settings.getByLabel('Role of the user to add');
    const add = settings.getByRole('button', { name: 'Add', exact: true });
    await expect(role).toHaveValue('standard');

    await email.fill('not-an-e-mail');
    await add.click();
    await expect(settings.getByRole('alert')).toHaveText('Enter a valid e-mail address');

    await email.fill('nobody-here@example.com');
    await add.click();
    await expectToast(page, 'User not found', 'error');
    await expect(settings.getByRole('alert')).toBeHidden();
    await expect(roleRow(page, 'nobody-here@example.com')).toHaveCount(0);

    await email.fill(SAM);
    await add.click();
    await expectToast(page, 'Role updated');
    await expect(roleRow(page, SAM).getByRole('cell', { name: 'Standard', exact: true })).toBeVisible();
    await expect(roleRow(page, SAM).getByRole('button', { name: `Edit ${SAM}` })).toBeEnabled();
    await expect(email).toHaveValue('');

    await email.fill(SAM.toUpperCase());
    await add.click();
    await expectToast(page, 'User already has a role', 'warning');
    await expect(roleRow(page, SAM)).toHaveCount(1);

    await settings.getByRole('button', { name: 'Close' }).click();
    await expect(settings).toBeHidden();
  });

  await test.step('olivia creates a project in it', async () => {
    await sidebar(page).getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL('/projects');
    await expect(page.getByText('No projects', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'New Project' }).click();
    const create = dialog(page, 'New Project');
    // Her only organization is chosen already; an empty name is refused before anything is sent.
    await expect(create.getByLabel('Organization')).toHaveValue(orgId);
    await create.getByRole('button', { name: 'Create project' }).click();
    await expect(create.getByRole('alert')).toHaveText('Name and organization are required');
    await create.getByLabel('Organization').selectOption({ label: 'Choose…' });
    await create.getByLabel('Name').fill(PROJECT);
    await create.getByRole('button', { name: 'Create project' }).click();
    await expect(create.getByRole('alert')).toHaveText('Name and organization are required');
    await create.getByLabel('Organization').selectOption({ label: ORG });
    await create.getByRole('button', { name: 'Create project' }).click();

    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    projectId = new URL(page.url()).pathname.split('/')[2] ?? '';
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toHaveText(`Projects/${PROJECT}`);
    await expect(breadcrumb.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    await expect(breadcrumb.getByRole('link', { name: PROJECT })).toBeVisible();
    for (const [area, why] of [
      ['Electrical', 'Requires architecture model'],
      ['Fire', 'Requires a model with rooms'],
    ]) {
      const entry = sidebar(page).getByText(area!, { exact: true });
      await expect(entry).toHaveAttribute('aria-disabled', 'true');
      await expect(entry).toHaveAttribute('title', why!);
      await expect(sidebar(page).getByRole('link', { name: area })).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: PROJECT })).toBeVisible();
    await expect(detail(page, 'Organization')).toHaveText(ORG);
    await expect(detail(page, 'Your role')).toHaveText('Admin');
  });

  await test.step('olivia adds sam to the project as Editor', async () => {
    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = dialog(page, 'Project settings');
    await expect(settings.getByLabel('Name')).toHaveValue(PROJECT);
    await expect(roleRow(page, OLIVIA).getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    await expect(settings.getByLabel('Role of the user to add')).toHaveValue('editor');
    await settings.getByLabel('E-mail of the user to add').fill(SAM);
    await settings.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Role updated');
    await expect(roleRow(page, SAM).getByRole('cell', { name: 'Editor', exact: true })).toBeVisible();
    await settings.getByRole('button', { name: 'Close' }).click();
    await expect(settings).toBeHidden();
  });

  const samContext = await browser.newContext();
  const sam = await samContext.newPage();
  const noraContext = await browser.newContext();
  const nora = await noraContext.newPage();
  try {
    await test.step('sam sees the project as an editor and the organization as a standard member', async () => {
      await signInWithPasscode(sam, SAM);
      await expect(sam).toHaveURL('/projects');
      const row = rowOf(sam, PROJECT);
      await expect(row.getByRole('cell', { name: ORG, exact: true })).toBeVisible();
      await expect(row.getByRole('img', { name: 'No saved version' })).toBeVisible();
      await expect(row.getByRole('button', { name: `Settings of ${PROJECT}` })).toHaveCount(0);

      await row.getByRole('link', { name: PROJECT }).click();
      await expect(sam).toHaveURL(`/project/${projectId}`);
      await expect(detail(sam, 'Your role')).toHaveText('Editor');
      await expect(sam.getByRole('button', { name: 'Project settings' })).toHaveCount(0);

      await sam.goto('/orgs');
      const org = rowOf(sam, ORG);
      await expect(org.getByRole('cell', { name: 'Standard', exact: true })).toBeVisible();
      await expect(org.getByRole('button', { name: `Settings of ${ORG}` })).toHaveCount(0);

      // The name opens the organization's overview (issue 20): its name, sam's role and his projects of it.
      await org.getByRole('link', { name: ORG }).click();
      await expect(sam).toHaveURL(`/org/${orgId}`);
      await expect(sam.getByRole('heading', { name: ORG, level: 1 })).toBeVisible();
      await expect(detail(sam, 'Your role')).toHaveText('Standard');
      await expect(sam.locator('main').getByRole('link', { name: PROJECT })).toBeVisible();
      // Billing is for admins: its address brings him back to the overview.
      await sam.goto(`/org/${orgId}/billing`);
      await expect(sam).toHaveURL(`/org/${orgId}`);
      await expect(sidebar(sam).getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`Organizations>${ORG}`);
      await expect(sidebar(sam).getByRole('link', { name: 'Billing' })).toHaveCount(0);
      await expect(sam.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(sam.getByRole('alert')).toHaveCount(0);
    });

    await test.step('nora, without a role, sees neither the organization nor the project', async () => {
      await signInWithPasscode(nora, NORA);
      await expect(nora).toHaveURL('/projects');
      await expect(nora.getByText('No projects', { exact: true })).toBeVisible();

      await nora.goto(`/org/${orgId}/billing`);
      await expect(nora).toHaveURL('/projects');
      await expectToast(nora, 'Failed to load organization: Organization not found', 'error');

      await nora.goto(`/project/${projectId}`);
      await expect(nora).toHaveURL('/projects');
      await expectToast(nora, 'Unable to find project', 'error');
      await expect(nora.getByText(PROJECT)).toHaveCount(0);

      // Without an organization, New Project says to create one first.
      await nora.getByRole('button', { name: 'New Project' }).click();
      const create = dialog(nora, 'New Project');
      await expect(create).toContainText('Create one first on the Organizations page.');
      await expect(create.getByLabel('Name')).toHaveCount(0);
      await create.getByRole('link', { name: 'Organizations' }).click();
      await expect(nora).toHaveURL('/orgs');
      await expect(create).toBeHidden();
      await expect(nora.getByText('No organizations', { exact: true })).toBeVisible();
    });

    await test.step('olivia renames the project and makes sam its admin', async () => {
      await page.goto('/projects');
      await rowOf(page, PROJECT)
        .getByRole('button', { name: `Settings of ${PROJECT}` })
        .click();
      const settings = dialog(page, 'Project settings');
      const name = settings.getByLabel('Name');
      const save = settings.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      await name.fill(RENAMED);
      await save.click();
      await expectToast(page, 'Project name updated');
      await expect(save).toBeDisabled();
      await expect(rowOf(page, RENAMED)).toBeVisible();
      await expect(rowOf(page, PROJECT)).toHaveCount(0);

      const samRow = roleRow(page, SAM);
      await samRow.getByRole('button', { name: `Edit ${SAM}` }).click();
      await expect(samRow.getByLabel(`Role of ${SAM}`)).toHaveValue('editor');
      await samRow.getByLabel(`Role of ${SAM}`).selectOption({ label: 'Admin' });
      await samRow.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Role updated');
      await expect(samRow.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
      await settings.getByRole('button', { name: 'Close' }).click();
      await expect(settings).toBeHidden();
      await expect(rowOf(page, RENAMED)).toBeVisible();

      await sam.goto('/projects');
      await expect(rowOf(sam, RENAMED).getByRole('button', { name: `Settings of ${RENAMED}` })).toBeVisible();
      await expect(rowOf(sam, PROJECT)).toHaveCount(0);
    });

    await test.step('olivia removes sam from the project', async () => {
      await rowOf(page, RENAMED)
        .getByRole('button', { name: `Settings of ${RENAMED}` })
        .click();
      const settings = dialog(page, 'Project settings');
      await roleRow(page, SAM)
        .getByRole('button', { name: `Remove ${SAM}` })
        .click();
      const confirm = dialog(page, 'Remove user');
      await expect(confirm).toHaveText(new RegExp(`Remove ${SAM} from ${RENAMED}\\?`));
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expectToast(page, 'User removed');
      await expect(roleRow(page, SAM)).toHaveCount(0);
      await expect(roleRow(page, OLIVIA)).toHaveCount(1);
      await settings.getByRole('button', { name: 'Close' }).click();

      await sam.reload();
      await expect(sam.getByText('No projects', { exact: true })).toBeVisible();
      await expect(sam.getByText(RENAMED)).toHaveCount(0);
    });

    await test.step('the organization cannot be deleted while it has a project', async () => {
      const settings = await openOrgSettings(page);
      await settings.getByRole('button', { name: 'Delete organization' }).click();
      const confirm = dialog(page, 'Delete organization');
      await expect(confirm).toContainText(`Delete ${ORG}? This cannot be undone.`);
      await confirm.getByRole('button', { name: 'Delete organization' }).click();
      await expectToast(page, "Failed to delete organization: Delete or move the organization's projects first", 'error');
      await expect(settings).toBeVisible();
      await settings.getByRole('button', { name: 'Close' }).click();
      await expect(rowOf(page, ORG)).toBeVisible();
    });

    await test.step('olivia deletes the project after its confirmation', async () => {
      await page.goto('/projects');
      await rowOf(page, RENAMED).getByRole('link', { name: RENAMED }).click();
      await expect(page).toHaveURL(`/project/${projectId}`);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`Projects/${RENAMED}`);
      await page.getByRole('button', { name: 'Project settings' }).click();
      const settings = dialog(page, 'Project settings');
      await settings.getByRole('button', { name: 'Delete project' }).click();
      const confirm = dialog(page, 'Delete project');
      await expect(confirm).toContainText(`Delete ${RENAMED}?`);
      await expect(confirm).toContainText('This cannot be undone.');

      // Cancel keeps it.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(settings).toBeVisible();

      await settings.getByRole('button', { name: 'Delete project' }).click();
      await confirm.getByRole('button', { name: 'Delete project' }).click();
      await expect(page).toHaveURL('/projects');
      await expectToast(page, 'Project deleted');
      await expect(page.getByText('No projects', { exact: true })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);

      await page.reload();
      await expect(page.getByText('No projects', { exact: true })).toBeVisible();
    });

    await test.step('then the organization can be deleted', async () => {
      const settings = await openOrgSettings(page);
      await settings.getByRole('button', { name: 'Delete organization' }).click();
      await dialog(page, 'Delete organization').getByRole('button', { name: 'Delete organization' }).click();
      await expectToast(page, 'Organization deleted');
      await expect(settings).toBeHidden();
      await expect(page.getByText('No organizations', { exact: true })).toBeVisible();

      await sam.goto('/orgs');
      await expect(sam.getByText('No organizations', { exact: true })).toBeVisible();
    });
  } finally {
    await samContext.close();
    await noraContext.close();
  }
});
