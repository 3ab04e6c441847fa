import { applicationRefusalMail } from '../../src/domain/application-mail';

const applicant = { email: 'pat@example.com', full_name: null, business_name: 'Prairie & Sons' };

test('When the company is not named yet, Then the refusal thanks the applicant, signs as the portal team and offers no contact', () => {
  const mail = applicationRefusalMail(applicant, { company_name: ' ', email: '' });
  expect(mail.to).toEqual(['pat@example.com']);
  expect(mail.subject).toBe('Your dealer application');
  expect(mail.text).toBe(
    [
      'Hello Prairie & Sons,',
      '',
      'Thank you for your interest in becoming a dealer with us. We have reviewed your application and are unable to accept it at this time.',
      '',
      'We appreciate the time you took to apply.',
      '',
      'Kind regards,',
      'The dealer portal team',
    ].join('\n'),
  );
  expect(mail.html).toContain('<p>Hello Prairie &amp; Sons,</p>');
  expect(mail.html).not.toContain('reach us');
});

test('When the company has a name and an email, Then the refusal names it, signs with it and says where to ask', () => {
  const mail = applicationRefusalMail(
    { ...applicant, full_name: 'Pat' },
    { company_name: 'Ridge Blinds', email: 'hello@ridge.example' },
  );
  expect(mail.subject).toBe('Your dealer application with Ridge Blinds');
  expect(mail.text).toContain('Hello Pat,');
  expect(mail.text).toContain('becoming a dealer with Ridge Blinds.');
  expect(mail.text).toContain('If you have any questions, you can reach us at hello@ridge.example.');
  expect(mail.text.endsWith('Kind regards,\nRidge Blinds')).toBe(true);
});
