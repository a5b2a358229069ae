/**
 * The Export page and its payment dialog (F§4, F§6, F§8, F§9) against a stand-in for fetch: the toasts and their
 * durations, the polling after stripe=ok, the table locked until nothing is outstanding, select-all, the dialog's three
 * faces, and what gen_fire_reports is sent.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, type BillingType, type ExportStatus, type OrgRole } from '@edrf/model';
import { alertsStore } from '../../../../ui/alerts';
import { renderProjectPages } from '../../../../state/test-project';
import { ExportPage } from './ExportPage';
import { INVOICE_ADDED, browser } from './PaymentDialog';
import { PAYMENT_CONFIRMED, POLL_MS } from './use-export-status';
import { listedReports, modelWithDetector } from './test-export';
import { JOB_POLL_MS } from './use-report-job';
import { JOB_FAILED } from './ReportJobStatus';

const calls: { url: string; body: Record<string, unknown> | undefined; at: number }[] = [];
/** What module_export_status answers, call after call (the last one repeats). */
let statuses: ExportStatus[] = [];
let org: { billing_type: BillingType; role: OrgRole | null } = { billing_type: 'direct', role: 'admin' };
let payment: { redirect_url?: string } = {};

const owed = (amount: number, status: ExportStatus['status'] = amount > 0 ? 'unpaid' : 'paid'): ExportStatus => ({
  status,
  payment_outstanding: amount,
  size: { num_rooms: 3, area_sqm: 33.5 },
});

beforeEach(() => {
  calls.length = 0;
  statuses = [owed(190)];
  org = { billing_type: 'direct', role: 'admin' };
  payment = { redirect_url: 'https://checkout.example.com/pay/cs_test_1' };
  alertsStore.set([]);
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ url, body, at: Date.now() });
    const json = (value: unknown) =>
      Promise.resolve(new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } }));
    if (url.startsWith('/api/v1/fire_reports')) return json({ reports: listedReports('Sbf1108') });
    if (url.endsWith('/module_export_status')) {
      const seen = calls.filter((c) => c.url.endsWith('/module_export_status')).length;
      return json(statuses[Math.min(seen, statuses.length) - 1]);
    }
    if (url.endsWith('/org')) return json({ org: { org_id: 'o1', name: 'Brand & Co AB', billing_type: org.billing_type }, role: org.role });
    if (url.endsWith('/fire_payment')) return json(payment);
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = (query = '') =>
  renderProjectPages(modelWithDetector(), [{ path: 'fire/export', element: <ExportPage /> }], `/project/p1/fire/export${query}`);
const toasts = () => alertsStore.get().map((alert) => [alert.cls, alert.msg, alert.timeout_ms]);
const reportsTable = () => screen.getByRole<HTMLFieldSetElement>('group', { name: 'Reports' });
const statusCalls = () => calls.filter((call) => call.url.endsWith('/module_export_status'));

describe('the Export page', () => {
  it("shows the price and size, locks the table while an amount is due, and says 'Payment needed to unlock exports' for 5 s", async () => {
    render();
    const price = within(await screen.findByRole('region', { name: 'Price' }));
    await waitFor(() => expect(price.getByText('€190')).toBeTruthy());
    expect(price.getByText('3 rooms, 33.5 m²')).toBeTruthy();
    expect(reportsTable().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Buy exports' })).toBeTruthy();
    expect(toasts()).toEqual([['warning', PAYMENT_MESSAGES.paymentNeeded, 5000]]);
    expect(PAYMENT_MESSAGES.paymentNeeded).toBe('Payment needed to unlock exports');
    // What module_export_status was asked: the model's rooms, the fire module, no saved version.
    const body = statusCalls()[0]!.body!;
    expect(body.module).toBe('fire');
    expect(body.pvid).toBeNull();
    expect(Object.keys(body.rooms as object)).toEqual(Object.keys(modelWithDetector().arch.rooms));
  });

  it('with nothing due, select-all ticks only the unblocked reports and Download makes them as a job, then offers its file', async () => {
    statuses = [owed(0, 'exempt')];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:reports');
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render();
    await waitFor(() => expect(reportsTable().disabled).toBe(false));
    expect(toasts()).toEqual([]);
    const table = within(reportsTable());
    // F§5's texts on the rows whose requirement is missing; their boxes cannot be ticked.
    const kabellista = table.getByRole('row', { name: /Kabellista/ });
    expect(within(kabellista).getByText('Requires fire routes')).toBeTruthy();
    expect(within(kabellista).getByRole<HTMLInputElement>('checkbox', { name: 'Kabellista' }).disabled).toBe(true);
    fireEvent.click(table.getByRole('checkbox', { name: 'Select all reports' }));
    const ticked = table
      .getAllByRole<HTMLInputElement>('checkbox')
      .filter((box) => box.checked && !/ (PDF|DXF|XLSX|IFC)$/.test(box.getAttribute('aria-label')!));
    expect(ticked.map((box) => box.getAttribute('aria-label'))).toEqual(['Select all reports', 'Mängdförteckning', 'IFC model']);
    fireEvent.click(table.getByRole('checkbox', { name: 'Mängdförteckning PDF' }));
    fireEvent.change(screen.getByLabelText('Document status'), { target: { value: 'Bygghandling' } });
    fireEvent.change(screen.getByLabelText('Revision'), { target: { value: 'B' } });

    // Several files: a job (POST report_jobs), followed until done, its file fetched when the user asks.
    const posted: RequestInit[] = [];
    let job: Record<string, unknown> = {
      job_id: 'j1',
      state: 'running',
      progress: 0.5,
      step: 'Making the documents',
      detail: null,
      filename: null,
    };
    const plain = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (url.endsWith('/report_jobs') && init?.method === 'POST') {
        posted.push(init);
        return Promise.resolve(new Response('{"job_id":"j1"}', { status: 202, headers: { 'content-type': 'application/json' } }));
      }
      if (url.endsWith('/report_jobs/j1'))
        return Promise.resolve(new Response(JSON.stringify(job), { status: 200, headers: { 'content-type': 'application/json' } }));
      if (url.endsWith('/report_jobs/j1/file')) return Promise.resolve(new Response(new Uint8Array([0x50, 0x4b, 5, 6]), { status: 200 }));
      return plain(url, init);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download 2 files' }));
    const bar = await screen.findByRole<HTMLProgressElement>('progressbar', { name: 'Making the documents' });
    await waitFor(() => expect(bar.value).toBe(0.5));
    expect(screen.getByText('50 % · Making the documents')).toBeTruthy();
    expect(localStorage.getItem('edrf.report-job.p1')).toBe('j1');
    const sent = JSON.parse(posted[0]!.body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({
      document_status: 'Bygghandling',
      revision: 'B',
      regulation: 'Sbf1108',
      ifc_model: true,
      pdf_reports: [],
      dxf_reports: [],
      xlsx_reports: ['SbfBillOfQuantities'],
    });
    expect(sent.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((sent.model as { fire: unknown }).fire).toBeTruthy();

    job = { ...job, state: 'done', progress: 1, step: 'Done', filename: 'Hus-reports.zip' };
    fireEvent.click(await screen.findByRole('button', { name: 'Download Hus-reports.zip' }, { timeout: 3 * JOB_POLL_MS }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    // The file keeps the name the server gave it (F§7 naming).
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe('Hus-reports.zip');
  }, 20_000);

  it('finds its job again after a reload, shows its step, and says clearly when it failed', async () => {
    statuses = [owed(0, 'exempt')];
    localStorage.setItem('edrf.report-job.p1', 'j9');
    let job: Record<string, unknown> = {
      job_id: 'j9',
      state: 'running',
      progress: 0.4,
      step: 'Making the documents',
      detail: null,
      filename: null,
    };
    const plain = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.endsWith('/report_jobs/j9')
        ? Promise.resolve(new Response(JSON.stringify(job), { status: 200, headers: { 'content-type': 'application/json' } }))
        : plain(url, init),
    );
    render();
    expect(await screen.findByText('40 % · Making the documents')).toBeTruthy();
    // While it runs the table and Download wait for it.
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Making the reports…' }).disabled).toBe(true));
    job = { ...job, state: 'failed', step: '', detail: 'Requires fire sections' };
    const alert = await screen.findByRole('alert', {}, { timeout: 3 * JOB_POLL_MS });
    expect(alert.textContent).toBe(`${JOB_FAILED}: Requires fire sections`);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(localStorage.getItem('edrf.report-job.p1')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 20_000);

  it("back with stripe=ok: 'Confirming payment...' for 6 s, polling every 3 s until nothing is due, then the table unlocks", async () => {
    statuses = [owed(190), owed(190), owed(0)];
    const { router } = render('?stripe=ok');
    await screen.findByRole('group', { name: 'Reports' });
    await waitFor(() => expect(toasts()).toContainEqual(['info', PAYMENT_MESSAGES.confirming, 6000]));
    expect(PAYMENT_MESSAGES.confirming).toBe('Confirming payment...');
    expect(reportsTable().disabled).toBe(true);
    await waitFor(() => expect(reportsTable().disabled).toBe(false), { timeout: 3 * POLL_MS });
    const at = statusCalls().map((call) => call.at);
    expect(at).toHaveLength(3);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(POLL_MS - 50);
    expect(toasts().map(([, msg]) => msg)).toContain(PAYMENT_CONFIRMED);
    // No payment-needed toast while confirming, and the address loses stripe=ok.
    expect(toasts().map(([, msg]) => msg)).not.toContain(PAYMENT_MESSAGES.paymentNeeded);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + 200));
    expect(statusCalls()).toHaveLength(3);
  }, 15_000);

  it("back with any other stripe value: 'Payment cancelled', and the amount is still due", async () => {
    const { router } = render('?stripe=cancel');
    await waitFor(() => expect(toasts().map(([cls, msg]) => [cls, msg])).toContainEqual(['warning', 'Payment cancelled']));
    await waitFor(() => expect(toasts().map(([, msg]) => msg)).toContain(PAYMENT_MESSAGES.paymentNeeded));
    expect(router.state.location.search).toBe('');
    expect(reportsTable().disabled).toBe(true);
  });
});

describe('the payment dialog', () => {
  async function openDialog() {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy exports' }));
    return within(screen.getByRole('dialog', { name: 'Buy exports' }));
  }

  it("tells anyone but an organization admin F§6's message, naming the organization; nothing is paid", async () => {
    org = { billing_type: 'direct', role: 'standard' };
    const dialog = await openDialog();
    await waitFor(() =>
      expect(
        dialog.getByText(
          'You are not authorized to pay for this project. Please contact an administrator for the project organization Brand & Co AB.',
        ),
      ).toBeTruthy(),
    );
    expect(dialog.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(dialog.getByText('Close', { selector: 'button' })).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/fire_payment'))).toBe(false);
  });

  it('invoice billing: Confirm adds the invoice item for the amount due, and the page unlocks', async () => {
    org = { billing_type: 'invoice', role: 'admin' };
    // Invoice billing answers no page to go to.
    payment = {};
    statuses = [owed(190), owed(0)];
    const dialog = await openDialog();
    await waitFor(() => expect(dialog.getByText(/added as an invoice item to the next invoice of Brand & Co AB/)).toBeTruthy());
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(reportsTable().disabled).toBe(false));
    const paid = calls.find((call) => call.url.endsWith('/fire_payment'))!;
    expect(paid.body!.amount).toBe(190);
    expect(paid.body!.url).toBe(`${window.location.origin}${window.location.pathname}`);
    expect(Object.keys(paid.body!.rooms as object)).toEqual(Object.keys(modelWithDetector().arch.rooms));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts().map(([, msg]) => msg)).toContain(INVOICE_ADDED);
  });

  it("direct billing: Pay sends the browser to the provider's page", async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const dialog = await openDialog();
    await waitFor(() => expect(dialog.getByText(/You pay by card/)).toBeTruthy());
    expect(dialog.getByText('€190')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.example.com/pay/cs_test_1'));
  });
});
