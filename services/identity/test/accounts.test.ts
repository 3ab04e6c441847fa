import { parseMail, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { bearer, eventually, startIdentity, type TestIdentity, testMailEnv } from './support/identity';

let smtp: SmtpReceiver;
let identity: TestIdentity;
let admin: string;

const ADMIN = { email: 'owner@example.com', password: 'correct horse battery' };
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  identity = await startIdentity('identity_accounts', testMailEnv(smtp));
  admin = await identity.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await identity?.stop();
  await smtp?.stop();
});

const api = () => identity.http();
const signIn = (email: string, password: string, userAgent = 'test') =>
  api().post('/api/auth/login').set('user-agent', userAgent).send({ email, password });
const updateProfile = (token: string, body: object) =>
  api().post('/api/user/update-profile').set(bearer(token)).send(body);
const mailsTo = (address: string) =>
  smtp.received.filter((mail) => mail.envelopeTo.includes(address)).map((mail) => parseMail(mail.raw));
const confirmationToken = (address: string) => {
  const mail = mailsTo(address).at(-1);
  const body = (mail?.body ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https:\/\/portal\.example\.com\/confirm-email\?token=([\w-]+)/.exec(body);
  if (!match) throw new Error(`no confirmation link mailed to ${address}`);
  return match[1] as string;
};
const confirm = (token: string) => api().post('/api/user/confirm-email-change').send({ token });

describe('Passwords: only spaces and the most common ones are refused wherever a password is chosen', () => {
  const weak = [
    ['        ', 'Password cannot be only spaces'],
    ['password', 'This password is too common. Choose one that is harder to guess.'],
    ['12345678', 'This password is too common. Choose one that is harder to guess.'],
    ['Password', 'This password is too common. Choose one that is harder to guess.'],
  ] as const;

  test('When a user changes the password to a weak one, Then 400 says why and the old one still signs in', async () => {
    await identity.addUser({ email: 'weak-profile@example.com', password: 'my old password', role: 'delivery' });
    const token = await identity.signIn('weak-profile@example.com', 'my old password');
    for (const [password, why] of weak) {
      const res = await updateProfile(token, {
        full_name: 'Dee',
        email: 'weak-profile@example.com',
        current_password: 'my old password',
        new_password: password,
      });
      expect([res.status, res.body.detail]).toEqual([400, why]);
    }
    expect((await signIn('weak-profile@example.com', 'my old password')).status).toBe(200);
  });

  test('When an admin creates or changes a dealer login with a weak password, Then 400 says why', async () => {
    for (const [password, why] of weak) {
      const created = await api()
        .post('/api/admin/create-dealer-login/DWEAK1')
        .set(bearer(admin))
        .send({ email: 'weak-dealer@example.com', password });
      expect([created.status, created.body.detail]).toEqual([400, why]);
    }
    const made = await api()
      .post('/api/admin/create-dealer-login/DWEAK1')
      .set(bearer(admin))
      .send({ email: 'weak-dealer@example.com', password: 'a fine dealer secret' });
    expect(made.status).toBe(200);
    for (const [password, why] of weak) {
      const updated = await api()
        .put('/api/admin/update-dealer-login/DWEAK1')
        .set(bearer(admin))
        .send({ email: 'weak-dealer@example.com', password });
      expect([updated.status, updated.body.detail]).toEqual([400, why]);
    }
    expect((await signIn('weak-dealer@example.com', 'a fine dealer secret')).status).toBe(200);
  });

  test('When a dealer completes signup with a weak password, Then 400 says why', async () => {
    for (const [password, why] of weak) {
      const res = await api()
        .post('/api/dealer/complete-signup')
        .send({ token: 'an-invitation-token', password, full_name: 'Dale' });
      expect([res.status, res.body.detail]).toEqual([400, why]);
    }
  });

  test('When the current password set before is only spaces or has spaces around it, Then it is accepted exactly as given', async () => {
    for (const [email, old] of [
      ['spaces-only@example.com', '          '],
      ['spaces-around@example.com', '  correct horse  '],
    ] as const) {
      await identity.addUser({ email, password: old, role: 'dealer', dealerId: `D-${email.length}` });
      const token = await identity.signIn(email, old);
      const trimmed = await updateProfile(token, {
        full_name: 'Spacey',
        email,
        current_password: old.trim() || 'x',
        new_password: 'a much better secret',
      });
      expect(trimmed.status).toBe(400);
      const exact = await updateProfile(token, {
        full_name: 'Spacey',
        email,
        current_password: old,
        new_password: 'a much better secret',
      });
      expect(exact.status).toBe(200);
      expect((await signIn(email, 'a much better secret')).status).toBe(200);
    }
  });
});

describe('Email change: confirmed by a link to the new address', () => {
  test('When the email changes without or with a wrong current password, Then 400 and nothing is mailed', async () => {
    await identity.addUser({ email: 'mover@example.com', password: 'mover password', role: 'delivery' });
    const token = await identity.signIn('mover@example.com', 'mover password');
    const before = smtp.received.length;
    const missing = await updateProfile(token, { full_name: 'Mo', email: 'moved@example.com' });
    expect([missing.status, missing.body.detail]).toEqual([
      400,
      'Error: Current password is required to change the email',
    ]);
    const wrong = await updateProfile(token, {
      full_name: 'Mo',
      email: 'moved@example.com',
      current_password: 'not it at all',
    });
    expect([wrong.status, wrong.body.detail]).toEqual([400, 'Error: Current password is incorrect']);
    expect(smtp.received.length).toBe(before);
    expect((await identity.userByEmail('mover@example.com'))?.email).toBe('mover@example.com');
  });

  test('When a user changes the email with the password, Then it signs in unchanged until the mailed link is used, the old address is told, and the link works once', async () => {
    const token = await identity.signIn('mover@example.com', 'mover password');
    const res = await updateProfile(token, {
      full_name: 'Mo Mover',
      email: 'Moved@Example.com',
      current_password: 'mover password',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Check moved@example.com for a link to confirm the change.');
    expect(res.body.pending_email).toBe('moved@example.com');
    expect(res.body.user).toMatchObject({ email: 'mover@example.com', full_name: 'Mo Mover' });
    expect((await signIn('mover@example.com', 'mover password')).status).toBe(200);
    expect((await signIn('moved@example.com', 'mover password')).status).toBe(401);

    const notice = mailsTo('mover@example.com').at(-1);
    expect(notice?.headers.get('subject')).toBe('A change of your sign-in email was requested');
    expect(notice?.body).toContain('moved@example.com');
    const link = confirmationToken('moved@example.com');

    const confirmed = await confirm(link);
    expect([confirmed.status, confirmed.body.email]).toEqual([200, 'moved@example.com']);
    expect((await signIn('moved@example.com', 'mover password')).status).toBe(200);
    expect((await signIn('mover@example.com', 'mover password')).status).toBe(401);

    const again = await confirm(link);
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/invalid, already used or expired/);
  });

  test('When the link has expired, Then it is refused and the email stays', async () => {
    await identity.addUser({ email: 'late@example.com', password: 'late password', role: 'delivery' });
    const token = await identity.signIn('late@example.com', 'late password');
    await updateProfile(token, { full_name: 'Late', email: 'later@example.com', current_password: 'late password' });
    const link = confirmationToken('later@example.com');
    await identity.service.ctx.db.query(
      `UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE new_email = 'later@example.com'`,
    );
    const res = await confirm(link);
    expect(res.status).toBe(400);
    expect((await identity.userByEmail('late@example.com'))?.email).toBe('late@example.com');
  });

  test("When the new email is another account's, Then update-profile answers as for any address (no 409) and only the link's holder is refused", async () => {
    await identity.addUser({ email: 'taker@example.com', password: 'taker password', role: 'delivery' });
    await identity.addUser({ email: 'taken@example.com', password: 'taken password', role: 'delivery' });
    const token = await identity.signIn('taker@example.com', 'taker password');
    const res = await updateProfile(token, {
      full_name: 'Taker',
      email: 'taken@example.com',
      current_password: 'taker password',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Check taken@example.com for a link to confirm the change.');
    const refused = await confirm(confirmationToken('taken@example.com'));
    expect([refused.status, refused.body.detail]).toEqual([
      409,
      'Error: This email is already used by another account',
    ]);
    expect((await identity.userByEmail('taker@example.com'))?.email).toBe('taker@example.com');
  });
});

describe('Sessions: listed, ended one by one, or all but this one', () => {
  const listSessions = (token: string) => api().get('/api/user/sessions').set(bearer(token));
  const refusedLater = async (token: string) =>
    eventually(async () => expect((await listSessions(token)).status).toBe(401));

  test('When a dealer signs in twice, Then both sessions are listed with browser and address; ending one ends its token only', async () => {
    await identity.addUser({ email: 'two@example.com', password: 'two sessions', role: 'dealer', dealerId: 'D-TWO' });
    const mac = (await signIn('two@example.com', 'two sessions', CHROME_MAC)).body.access_token as string;
    const windows = (await signIn('two@example.com', 'two sessions', FIREFOX_WINDOWS)).body.access_token as string;
    const listed = await listSessions(mac);
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as { id: string; browser: string; ip_address: string; current: boolean }[];
    expect(sessions.map((s) => [s.browser, s.current]).sort()).toEqual([
      ['Chrome on macOS', true],
      ['Firefox on Windows', false],
    ]);
    for (const session of sessions) expect(session.ip_address).toMatch(/127\.0\.0\.1/);

    const other = sessions.find((s) => !s.current);
    const ended = await api().delete(`/api/user/sessions/${other?.id}`).set(bearer(mac));
    expect(ended.status).toBe(200);
    await refusedLater(windows);
    expect((await listSessions(mac)).body.sessions).toHaveLength(1);

    // identity's own verifier and every other service read the same revocation feed
    await identity.service.ctx.sessions.sync();
    expect((await listSessions(windows)).status).toBe(401);
  });

  test("When a dealer tries to end another user's session, Then 404 and it goes on; the admin endpoint is 403", async () => {
    await identity.addUser({
      email: 'nosy@example.com',
      password: 'nosy password',
      role: 'dealer',
      dealerId: 'D-NOSY',
    });
    const nosy = await identity.signIn('nosy@example.com', 'nosy password');
    const victim = await identity.signIn('two@example.com', 'two sessions');
    const victimSid = (await listSessions(victim)).body.sessions.find((s: { current: boolean }) => s.current).id;
    const res = await api().delete(`/api/user/sessions/${victimSid}`).set(bearer(nosy));
    expect([res.status, res.body.detail]).toEqual([404, 'Error: Session not found']);
    expect((await api().delete('/api/user/sessions/not-a-session').set(bearer(nosy))).status).toBe(404);
    expect((await api().post('/api/admin/end-user-sessions/two@example.com').set(bearer(nosy))).status).toBe(403);
    await identity.service.ctx.sessions.sync();
    expect((await listSessions(victim)).status).toBe(200);
  });

  test('When a user signs out everywhere else, Then every other session ends and this one goes on', async () => {
    await identity.addUser({ email: 'many@example.com', password: 'many sessions', role: 'delivery' });
    const here = await identity.signIn('many@example.com', 'many sessions');
    const others = [
      await identity.signIn('many@example.com', 'many sessions'),
      await identity.signIn('many@example.com', 'many sessions'),
    ];
    const res = await api().post('/api/user/end-other-sessions').set(bearer(here));
    expect([res.status, res.body.ended]).toEqual([200, 2]);
    for (const token of others) await refusedLater(token);
    const left = await listSessions(here);
    expect(left.body.sessions.map((s: { current: boolean }) => s.current)).toEqual([true]);
  });

  test("When an admin ends a dealer's sessions, Then all of them end; an unknown email is 404", async () => {
    await identity.addUser({ email: 'ended@example.com', password: 'ended dealer', role: 'dealer', dealerId: 'D-END' });
    const tokens = [
      await identity.signIn('ended@example.com', 'ended dealer'),
      await identity.signIn('ended@example.com', 'ended dealer'),
    ];
    const res = await api().post('/api/admin/end-user-sessions/ended@example.com').set(bearer(admin));
    expect([res.status, res.body.ended]).toEqual([200, 2]);
    for (const token of tokens) await refusedLater(token);
    const unknown = await api().post('/api/admin/end-user-sessions/nobody@example.com').set(bearer(admin));
    expect([unknown.status, unknown.body.detail]).toEqual([404, 'Error: User not found']);
  });

  test('When a password change keeps the other sessions, Then they go on and the caller gets a new token', async () => {
    await identity.addUser({ email: 'keeper@example.com', password: 'keeper password', role: 'delivery' });
    const here = await identity.signIn('keeper@example.com', 'keeper password');
    const elsewhere = await identity.signIn('keeper@example.com', 'keeper password');
    const res = await updateProfile(here, {
      full_name: 'Keeper',
      email: 'keeper@example.com',
      current_password: 'keeper password',
      new_password: 'keeper password two',
      end_other_sessions: false,
    });
    expect(res.status).toBe(200);
    await refusedLater(here);
    await identity.service.ctx.sessions.sync();
    expect((await listSessions(elsewhere)).status).toBe(200);
    expect((await listSessions(res.body.access_token)).status).toBe(200);
  });

  test('When identity serves a session again after a minute, Then its last seen moves', async () => {
    const token = await identity.signIn('keeper@example.com', 'keeper password two');
    const sid = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid;
    await identity.service.ctx.db.query(`UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE sid = $1`, [
      sid,
    ]);
    await listSessions(token);
    await eventually(async () => {
      const mine = (await listSessions(token)).body.sessions.find((s: { id: string }) => s.id === sid);
      expect(Date.now() - Date.parse(mine.last_seen_at)).toBeLessThan(60_000);
    });
  });
});
