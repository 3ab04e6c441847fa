import { DEALER_APPLICATION_HONEYPOT } from '@portal/contracts';
import { APPLY_PATH, formatRoute, parseRoute } from '../../src/app/navigation/routes';
import { achievementsAlert, pendingApprovalsAlert } from '../../src/features/dashboard/alertTexts';
import { applicationBody, EMPTY_APPLICATION } from '../../src/features/dealer-application/applicationForm';
import { managementSection } from '../../src/features/performance/managementSections';

const FILLED = {
  ...EMPTY_APPLICATION,
  business_name: 'Aspen Draw Outfitters',
  email: 'robin@aspendraw.test',
  phone: '(406) 555-0123',
  address: '12 Willow Lane',
  city: 'Bozeman',
  state: 'MT',
  zip_code: '59715',
};

describe('The dealer application form', () => {
  test('When no name is given, Then the contract’s message is said beside Business Name', () => {
    expect(applicationBody(EMPTY_APPLICATION)).toEqual({
      ok: false,
      message: 'Error: Either Name (business) or Full Name must be provided',
      field: 'business_name',
    });
  });

  test('When a required field is blank, Then the message names it and sits beside the first one missing', () => {
    const checked = applicationBody({ ...FILLED, phone: '', city: '' });
    expect(checked).toMatchObject({ ok: false, field: 'phone' });
    expect(!checked.ok && checked.message).toMatch(/^Error: Missing required fields: phone, city/);
  });

  test('When the email is not one, Then the message sits beside Email', () => {
    expect(applicationBody({ ...FILLED, email: 'robin' })).toMatchObject({ ok: false, field: 'email' });
  });

  test('When the form is complete, Then the body carries the fields, the message and the (empty) honeypot', () => {
    const checked = applicationBody({ ...FILLED, message: 'We sell blinds.' });
    expect(checked.ok).toBe(true);
    expect(checked.ok && checked.body).toMatchObject({
      business_name: 'Aspen Draw Outfitters',
      email: 'robin@aspendraw.test',
      state: 'MT',
      message: 'We sell blinds.',
    });
    expect(checked.ok && checked.body[DEALER_APPLICATION_HONEYPOT]).toBe('');
  });

  test('When the application page is addressed, Then /apply is its public address', () => {
    expect(APPLY_PATH).toBe('/apply');
    expect(formatRoute({ role: null, page: 'apply' })).toBe('/apply');
    expect(parseRoute('/apply', '')).toEqual({ role: null, page: 'apply' });
  });
});

describe('The dashboard alerts', () => {
  test('When applicants or achievements wait, Then the banners count them with the right noun', () => {
    expect(pendingApprovalsAlert(1)).toBe('1 dealer application waiting for approval');
    expect(pendingApprovalsAlert(3)).toBe('3 dealer applications waiting for approval');
    expect(achievementsAlert(1)).toBe('1 achievement not yet handled');
    expect(achievementsAlert(1250)).toBe('1,250 achievements not yet handled');
  });

  test('When an address asks for a Dealer Performance Management sub-tab, Then only a real one opens', () => {
    expect(managementSection('notifications')).toBe('notifications');
    expect(managementSection('programs')).toBe('programs');
    expect(managementSection('nothing')).toBeNull();
    expect(managementSection('')).toBeNull();
  });
});
