// Content-Security-Policy violations in the browser tests: the e2e server adds `report-uri` to the app's policy, so
// Chromium posts every violation here, and e2e/csp.teardown.ts, which runs after all specs, fails on any
// (docs/security.md). Nothing of this is in the app itself.
import type { FastifyInstance } from 'fastify';

export const CSP_REPORT_PATH = '/__e2e/csp-report';
export const CSP_REPORTS_PATH = '/__e2e/csp-reports';

/** A violation as the report-uri mechanism sends it (the fields the failure message shows). */
export interface CspViolation {
  'document-uri'?: string;
  'violated-directive'?: string;
  'effective-directive'?: string;
  'blocked-uri'?: string;
  'source-file'?: string;
  'line-number'?: number;
  'script-sample'?: string;
}

export function collectCspReports(app: FastifyInstance): void {
  const reports: CspViolation[] = [];
  app.addHook('onSend', async (_request, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', `${policy}; report-uri ${CSP_REPORT_PATH}`);
    return payload;
  });
  void app.register((scope, _opts, done) => {
    scope.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch (error) {
        done(error as Error);
      }
    });
    scope.post(CSP_REPORT_PATH, (request) => {
      const body = request.body as { 'csp-report'?: CspViolation } | undefined;
      const report = body?.['csp-report'] ?? (body as CspViolation);
      reports.push(report);
      console.error(`[e2e] CSP violation: ${JSON.stringify(report)}`);
      return {};
    });
    scope.get(CSP_REPORTS_PATH, () => ({ reports }));
    done();
  });
}
