import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';

const EMPTY = { name: '', email: '', address: { line1: '', line2: '', zip: '', city: '', state: '' }, country: '' };
const INFO = {
  name: 'Acme Fire AB',
  email: 'invoices@acme.example.com',
  address: { line1: 'Storgatan 1', line2: 'Floor 3', zip: '111 22', city: 'Stockholm', state: 'Stockholms län' },
  country: 'SE',
};
const withAddress = (address: Partial<typeof INFO.address>) => ({ ...INFO, address: { ...INFO.address, ...address } });

describe.each(testDatabases())('billing (%s)', (kind) => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  /** An organization with a signed-in admin. */
  async function setup() {
    const email = `billing-admin${++n}@example.com`;
    const org = await t.createOrg(`Billing org ${n}`, { [email]: 'admin' });
    return { org, cookie: await t.cookieFor(email) };
  }
  const getInfo = (orgId: string, cookie: string) => t.call('GET', `/api/v1/org/${orgId}/billing_info`, { cookie });
  const saveInfo = (orgId: string, cookie: string, body: unknown) => t.call('POST', `/api/v1/org/${orgId}/billing_info`, { cookie, body });

  describe('billing_info', () => {
    it('is empty strings before anything is saved', async () => {
      const { org, cookie } = await setup();
      const res = await getInfo(org.org_id, cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(EMPTY);
    });

    it('answers what was saved, trimmed, and overwrites on the next save', async () => {
      const { org, cookie } = await setup();
      const padded = { ...INFO, name: `  ${INFO.name} `, email: ` ${INFO.email} `, address: { ...INFO.address, city: ' Stockholm ' } };
      const saved = await saveInfo(org.org_id, cookie, padded);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual(INFO);
      expect((await getInfo(org.org_id, cookie)).body).toEqual(INFO);

      expect((await saveInfo(org.org_id, cookie, EMPTY)).body).toEqual(EMPTY);
      expect((await getInfo(org.org_id, cookie)).body).toEqual(EMPTY);
    });

    it('leaves out fields that are not billing information', async () => {
      const { org, cookie } = await setup();
      const res = await saveInfo(org.org_id, cookie, { ...INFO, vat_number: 'SE123', address: { ...INFO.address, country: 'SE' } });
      expect(res.body).toEqual(INFO);
      expect((await getInfo(org.org_id, cookie)).body).toEqual(INFO);
    });

    it('accepts each of the 33 country codes', async () => {
      const { org, cookie } = await setup();
      expect(COUNTRY_CODES).toHaveLength(33);
      for (const country of COUNTRY_CODES) {
        const res = await saveInfo(org.org_id, cookie, { ...INFO, country });
        expect(res.status, country).toBe(200);
      }
      expect((await getInfo(org.org_id, cookie)).body.country).toBe(COUNTRY_CODES.at(-1));
    });

    it.each([
      ['an unknown country', { ...INFO, country: 'XX' }, 'country: '],
      ['a lower-case country', { ...INFO, country: 'se' }, 'country: '],
      ['a country name', { ...INFO, country: 'Sweden' }, 'country: '],
      ['an invalid e-mail', { ...INFO, email: 'invoices-at-acme' }, 'email: '],
      ['a name of 201 characters', { ...INFO, name: 'n'.repeat(201) }, 'name: at most 200 characters'],
      ['line1 of 201 characters', withAddress({ line1: 'l'.repeat(201) }), 'address.line1: at most 200 characters'],
      ['line2 of 201 characters', withAddress({ line2: 'l'.repeat(201) }), 'address.line2: at most 200 characters'],
      ['a zip of 21 characters', withAddress({ zip: '1'.repeat(21) }), 'address.zip: at most 20 characters'],
      ['a city of 101 characters', withAddress({ city: 'c'.repeat(101) }), 'address.city: at most 100 characters'],
      ['a state of 101 characters', withAddress({ state: 's'.repeat(101) }), 'address.state: at most 100 characters'],
      ['no address', { name: INFO.name, email: INFO.email, country: INFO.country }, 'address: '],
      ['a number for a name', { ...INFO, name: 42 }, 'name: '],
      ['an empty body', {}, 'name: '],
    ])('%s answers 400 naming the field, and nothing is stored', async (_, body, detail) => {
      const { org, cookie } = await setup();
      expect((await saveInfo(org.org_id, cookie, INFO)).status).toBe(200);
      const before = await t.snapshot();
      const res = await saveInfo(org.org_id, cookie, body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(new RegExp(`^${detail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(await t.snapshot()).toEqual(before);
      expect((await getInfo(org.org_id, cookie)).body).toEqual(INFO);
    });

    it('keeps the limits exactly: 200/200/200/20/100/100 characters are fine', async () => {
      const { org, cookie } = await setup();
      const longest = {
        ...INFO,
        name: 'n'.repeat(200),
        address: { line1: 'a'.repeat(200), line2: 'b'.repeat(200), zip: 'z'.repeat(20), city: 'c'.repeat(100), state: 's'.repeat(100) },
      };
      const res = await saveInfo(org.org_id, cookie, longest);
      expect(res.status).toBe(200);
      expect((await getInfo(org.org_id, cookie)).body).toEqual(longest);
    });
  });

  describe('payment_history', () => {
    it('is empty without payments', async () => {
      const { org, cookie } = await setup();
      const res = await t.call('GET', `/api/v1/org/${org.org_id}/payment_history`, { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ history: [] });
    });

    it("lists the organization's payments, newest first, created in seconds", async () => {
      const { org, cookie } = await setup();
      const project = await t.createProject(org.org_id, 'Paid project');
      const other = await t.createOrg('Other payer');
      await t.addPayment(org.org_id, {
        project_id: project.project_id,
        project_name: 'Paid project',
        module: 'fire',
        num_rooms: 12,
        area_sqm: 340.25,
        amount: 1200.5,
        currency: 'SEK',
        type: 'card',
        receipt_url: 'https://pay.example.com/r/1',
        created_at: new Date('2025-01-15T10:00:00.750Z'),
      });
      await t.addPayment(org.org_id, {
        project_name: 'Gone project',
        module: 'elec',
        num_rooms: 3,
        area_sqm: 50,
        amount: 100,
        currency: 'EUR',
        type: 'invoice',
        receipt_url: null,
        created_at: new Date('2025-06-01T00:00:00Z'),
      });
      await t.addPayment(org.org_id, { project_name: 'Oldest', created_at: new Date('2024-12-31T23:59:59Z') });
      await t.addPayment(other.org_id, { project_name: 'Not ours', created_at: new Date('2025-03-01T00:00:00Z') });

      const res = await t.call('GET', `/api/v1/org/${org.org_id}/payment_history`, { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        history: [
          {
            project_id: null,
            project_name: 'Gone project',
            module: 'elec',
            num_rooms: 3,
            area_sqm: 50,
            amount: 100,
            currency: 'EUR',
            created: Date.UTC(2025, 5, 1) / 1000,
            type: 'invoice',
            receipt_url: null,
          },
          {
            project_id: project.project_id,
            project_name: 'Paid project',
            module: 'fire',
            num_rooms: 12,
            area_sqm: 340.25,
            amount: 1200.5,
            currency: 'SEK',
            created: Date.UTC(2025, 0, 15, 10) / 1000,
            type: 'card',
            receipt_url: 'https://pay.example.com/r/1',
          },
          expect.objectContaining({ project_name: 'Oldest', created: Date.UTC(2024, 11, 31, 23, 59, 59) / 1000 }),
        ],
      });
    });
  });
});
