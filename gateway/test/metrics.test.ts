import { parseMetrics, sampleValue } from '../../services/platform/test/metrics/support/scrape';
import { startTestGateway, type TestGateway } from './support/gateway';
import { answerJson } from './support/upstream';

/**
 * The gateway's metrics are served on METRICS_PORT only. The public port answers 404 to /metrics, so neither the
 * gateway's figures nor any service's are reachable through it (the gateway routes /api by the contract alone).
 */
describe('Gateway metrics', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ METRICS_PORT: '0' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const scrape = async () => {
    const url = t.gateway.metricsUrl;
    if (!url) throw new Error('no metrics listener');
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    return parseMetrics(await res.text());
  };

  test('When the public port is asked for /metrics, Then it answers 404 and never a Prometheus text', async () => {
    for (const path of ['/metrics', '/api/metrics', '/internal/metrics']) {
      const res = await fetch(`${t.url}${path}`);
      const body = await res.text();
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(body).not.toContain('http_requests_total');
    }
    expect((await fetch(`${t.gateway.metricsUrl}/api/admin/products`)).status).toBe(404);
  });

  test('When requests pass the gateway, Then they are counted per contract endpoint id with their status, and timed', async () => {
    const admin = { authorization: `Bearer ${t.token('admin')}` };
    for (let i = 0; i < 2; i++)
      expect((await fetch(`${t.url}/api/admin/products`, { headers: admin })).status).toBe(200);
    expect((await fetch(`${t.url}/api/admin/products`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/admin/no-such-endpoint/42`)).status).toBe(404);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const samples = await scrape();
    expect(sampleValue(samples, 'http_requests_total', { route: 'admin.products', status: '200' })).toBe(2);
    expect(sampleValue(samples, 'http_requests_total', { route: 'admin.products', status: '401' })).toBe(1);
    expect(sampleValue(samples, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(2); // with /api/metrics above
    expect(sampleValue(samples, 'http_request_duration_seconds_count', { route: 'admin.products' })).toBe(3);
    expect(samples.filter((s) => s.name === 'http_requests_total').every((s) => s.labels.service === 'gateway')).toBe(
      true,
    );
    expect(samples.some((s) => s.labels.route === '/healthz')).toBe(false);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  test('When a service fails, Then its 5xx is counted on its route (the error rate of the dashboard)', async () => {
    t.upstreams.catalog?.answer(answerJson(500, { detail: 'boom' }));
    const admin = { authorization: `Bearer ${t.token('admin')}` };
    expect((await fetch(`${t.url}/api/admin/products`, { headers: admin })).status).toBe(500);
    expect(sampleValue(await scrape(), 'http_requests_total', { route: 'admin.products', status: '500' })).toBe(1);
  });
});
