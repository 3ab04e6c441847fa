/**
 * An application through approval to the applicant's first sign-in (issue 21), across the identity and dealer
 * services as they run together (one database, one bus, real SMTP): a visitor applies, an admin approves, the
 * invitation mail arrives, the applicant signs up with its link and signs in as the new dealer.
 */
import { identityService } from '@portal/identity';
import { eventually, startTestServices, type TestServices } from '@portal/platform/testing';
import { mailParts, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { dealerService } from '../src/app';

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };
let smtp: SmtpReceiver;
let portal: TestServices;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  portal = await startTestServices([identityService, dealerService], {
    prefix: 'dealer_application_journey',
    envOf: {
      identity: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURE: 'false',
        MAIL_FROM: 'Portal <portal@example.com>',
        PUBLIC_BASE_URL: 'https://portal.example.com',
      },
    },
  });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.stop();
});

test('When a visitor applies and an admin approves, Then the invitation mail leads to signup and the new dealer signs in', async () => {
  const email = 'casey.applicant@example.com';
  const applied = await portal
    .http('dealer')
    .post('/api/public/dealer-application')
    .set('x-forwarded-for', '198.51.100.20')
    .send({
      business_name: 'Casey Window Co',
      full_name: 'Casey Applicant',
      email,
      phone: '(555) 010-4000',
      address: '4 Mill Lane',
      city: 'Omaha',
      state: 'NE',
      zip_code: '68102',
      message: 'Family business since 1990.',
    });
  expect(applied.status).toBe(201);

  const admin = `Bearer ${await portal.signIn(ADMIN.email, ADMIN.password)}`;
  const pending = await portal.http('dealer').get('/api/admin/pending-dealers').set('authorization', admin);
  const applicant = (pending.body.dealers as { dealer_id: string; email: string }[]).find((d) => d.email === email);
  expect(applicant).toBeDefined();
  const dealerId = applicant?.dealer_id as string;

  const approved = await portal
    .http('dealer')
    .post('/api/admin/dealer-action')
    .set('authorization', admin)
    .send({ dealer_id: dealerId, action: 'approve', notes: 'Welcome aboard' });
  expect(approved.body).toMatchObject({ success: true, dealer: { status: 'active' } });

  const mail = await eventually(() => {
    const [received] = smtp.received.filter((m) => m.envelopeTo.includes(email));
    if (!received) throw new Error('no invitation yet');
    return received;
  });
  const text =
    mailParts(mail.raw)
      .find((part) => part.contentType === 'text/plain')
      ?.content.toString() ?? '';
  const token = /https:\/\/portal\.example\.com\/\?action=dealer-signup&token=([\w-]+)/.exec(text)?.[1];
  expect(token).toBeDefined();

  const signup = await portal
    .http('identity')
    .post('/api/dealer/complete-signup')
    .send({ token, password: 'my own good password', full_name: 'Casey Applicant', phone: '(555) 010-4001' });
  expect(signup.status).toBe(200);

  const signedIn = await portal
    .http('identity')
    .post('/api/auth/login')
    .send({ email, password: 'my own good password' });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.user).toMatchObject({ role: 'dealer', dealer_id: dealerId });

  // signed in as the dealer, it reads its own profile from the dealer service
  const profile = await portal
    .http('dealer')
    .get('/api/dealer/profile')
    .set('authorization', `Bearer ${signedIn.body.access_token}`);
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({ dealer: { dealer_id: dealerId, business_name: 'Casey Window Co' } });
});
