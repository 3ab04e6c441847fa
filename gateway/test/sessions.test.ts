import { randomUUID } from 'node:crypto';
import { SESSION_ENDED } from '@portal/platform';
import { startTestGateway, type TestGateway } from './support/gateway';
import { answerJson } from './support/upstream';

const FEED_PATH = '/internal/session-revocations';

describe('Revoked sessions at the edge', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(async () => {
    await t?.stop();
  });

  test('When a session is revoked, Then its token is refused with 401 at the gateway and never reaches a service; other sessions pass', async () => {
    const sid = randomUUID();
    const token = t.token('admin', undefined, sid);
    const users = () => fetch(`${t.url}/api/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    expect((await users()).status).toBe(200);
    await t.revoke(sid);
    const before = t.upstreams.identity?.received.length;
    const refused = await users();
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(((await refused.json()) as { detail: string }).detail).toBe(SESSION_ENDED);
    expect(t.upstreams.identity?.received.length).toBe(before);
    const other = await fetch(`${t.url}/api/admin/users`, { headers: { authorization: `Bearer ${t.token('admin')}` } });
    expect(other.status).toBe(200);
  });

  test('When the feed route is asked through the gateway, Then it is not routed (services read it from identity directly)', async () => {
    const res = await fetch(`${t.url}${FEED_PATH}?after=0`);
    expect(res.status).toBe(404);
    expect(t.upstreams.identity?.received.some((r) => r.url.startsWith(FEED_PATH))).toBe(false);
  });
});

describe('The gateway polling identity for revoked sessions', () => {
  let t: TestGateway;
  let revoked: { sid: string; expires_at: string }[] = [];
  let feedAnswers = 0;

  beforeAll(async () => {
    t = await startTestGateway({ SESSION_SYNC_INTERVAL_MS: '200' }, { sessions: 'poll' });
    t.upstreams.identity?.answer((req, res) => {
      if (req.url.startsWith(FEED_PATH)) {
        feedAnswers++;
        const after = Number(new URL(req.url, 'http://x').searchParams.get('after'));
        return answerJson(200, { cursor: revoked.length, revoked: revoked.slice(after) })(req, res);
      }
      answerJson(200, { service: 'identity', path: req.url })(req, res);
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  test('When identity revokes a session, Then the gateway refuses its token within 5 s, asking identity once per interval, not per request', async () => {
    const sid = randomUUID();
    const token = t.token('admin', undefined, sid);
    const users = () => fetch(`${t.url}/api/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    // the stand-in answers the feed only from now on: the gateway's first sync may have failed (503 until then)
    const deadline = Date.now() + 5000;
    while ((await users()).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const answersBefore = feedAnswers;
    for (let i = 0; i < 40; i++) expect((await users()).status).toBe(200);
    expect(feedAnswers - answersBefore).toBeLessThan(10);

    revoked = [{ sid, expires_at: new Date(Date.now() + 3600_000).toISOString() }];
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 5000) {
      status = (await users()).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('A gateway that has never heard from identity', () => {
  test('When identity does not answer the feed, Then signed-in calls get 503 saying to try again; public ones still pass', async () => {
    const t = await startTestGateway({}, { sessions: 'poll' });
    try {
      t.upstreams.identity?.answer(answerJson(500, { detail: 'down' }));
      await t.gateway.app.revocations.sync();
      const signedIn = await fetch(`${t.url}/api/admin/users`, {
        headers: { authorization: `Bearer ${t.token('admin')}` },
      });
      expect(signedIn.status).toBe(503);
      expect(((await signedIn.json()) as { detail: string }).detail).toMatch(/try again in a moment/);
      expect((await fetch(`${t.url}/api/public/company-settings`)).status).not.toBe(503);
    } finally {
      await t.stop();
    }
  });
});
