import { endpoints } from '@portal/contracts';
import type { z } from 'zod';

/** The first message a schema answers for `value`, as the services put it in `{ detail }`. */
function firstMessage(schema: z.ZodType | undefined, value: unknown): string | undefined {
  const result = schema?.safeParse(value);
  return result?.success ? undefined : result?.error.issues[0]?.message;
}

const dealerForm = {
  full_name: 'Pat Hunter',
  email: 'Pat@Example.com',
  phone: '555-0100',
  address: '1 Main St',
  city: 'Austin',
  state: 'tx',
  zip_code: '73301',
  zone: 'Southern Zone',
};

describe('Request validation answers the spec messages', () => {
  it('When an admin creates a dealer without any name, Then the spec name message is answered', () => {
    const { full_name: _name, ...noName } = dealerForm;
    expect(firstMessage(endpoints['admin.createDealer'].body, noName)).toBe(
      'Error: Either Name (business) or Full Name must be provided',
    );
  });

  it('When an admin creates a dealer with a 3-letter state, Then the state limit is answered', () => {
    expect(firstMessage(endpoints['admin.createDealer'].body, { ...dealerForm, state: 'TEX' })).toBe(
      'Error: State must be at most 2 characters',
    );
  });

  it('When an admin creates a valid dealer, Then email and state are normalised and own website defaults on', () => {
    const parsed = endpoints['admin.createDealer'].body.parse(dealerForm);
    expect(parsed).toMatchObject({ email: 'pat@example.com', state: 'TX', use_own_website: true });
  });

  it('When a dealer saves a profile with blank address fields, Then the missing fields are listed', () => {
    const body = { full_name: 'Pat', phone: '555', address: '', city: 'Austin', state: 'TX' };
    expect(firstMessage(endpoints['dealer.updateProfile'].body, body)).toBe(
      'Error: Missing required fields: address, zip_code',
    );
  });

  it('When an admin edits a dealer and clears both names, Then the edit-form message is answered', () => {
    const body = { ...dealerForm, full_name: ' ', business_name: '' };
    expect(firstMessage(endpoints['admin.updateDealer'].body, body)).toBe(
      'Error: Please provide either a Full Name or Business Name (or both)',
    );
  });

  it('When an admin creates a dealer with a blank email, Then email is listed as missing', () => {
    expect(firstMessage(endpoints['admin.createDealer'].body, { ...dealerForm, email: ' ' })).toBe(
      'Error: Missing required fields: email',
    );
  });

  it('When a dealer website is not a URL, Then it is refused; a bare domain is accepted', () => {
    const body = endpoints['admin.updateDealer'].body;
    expect(firstMessage(body, { ...dealerForm, website: 'not a url' })).toBe('Error: Website must be a valid URL');
    expect(body.safeParse({ ...dealerForm, website: 'blinds.example.com' }).success).toBe(true);
    expect(body.safeParse({ ...dealerForm, website: '' }).success).toBe(true);
  });

  it('When an admin user is created without email and name, Then "fill in all required fields" is answered', () => {
    expect(firstMessage(endpoints['admin.createAdminUser'].body, { role: 'admin' })).toBe(
      'Error: Please fill in all required fields',
    );
    expect(
      endpoints['admin.createAdminUser'].body.safeParse({ email: 'a@b.co', full_name: 'A', role: 'dealer' }).success,
    ).toBe(false);
  });

  it('When company settings lack a name, Then "Company name and email are required" is answered', () => {
    expect(firstMessage(endpoints['admin.updateCompanySettings'].body, { email: 'office@example.com' })).toBe(
      'Error: Company name and email are required',
    );
  });

  it('When SMTP settings use port 2525, Then they are refused; port 465 is accepted', () => {
    const settings = { smtp_server: 'smtp.example.com', smtp_port: 2525, sender_email: 'noreply@example.com' };
    expect(firstMessage(endpoints['admin.saveEmailSettings'].body, settings)).toBe(
      'Error: SMTP port must be 587, 465 or 25',
    );
    expect(endpoints['admin.saveEmailSettings'].body.safeParse({ ...settings, smtp_port: 465 }).success).toBe(true);
  });

  it('When zones are emptied or repeated, Then the zone messages are answered', () => {
    const body = endpoints['admin.saveSystemConfiguration'].body;
    expect(firstMessage(body, { zones: [] })).toBe('Error: At least one zone must remain');
    expect(firstMessage(body, { zones: ['Eastern Zone', 'Eastern Zone'] })).toBe('Error: Zone already exists');
  });

  it('When a payment has an unknown type or no amount, Then the payment message is answered', () => {
    const body = endpoints['admin.recordPayment'].body;
    expect(firstMessage(body, { order_id: 'o1', payment_method: 'bitcoin', amount: 10 })).toBe(
      'Please select payment type and enter a valid amount',
    );
    expect(firstMessage(body, { order_id: 'o1', payment_method: 'cash', amount: 0 })).toBe(
      'Please select payment type and enter a valid amount',
    );
    expect(firstMessage(body, { order_id: 'o1', payment_method: 'check', amount: 10.005 })).toBe(
      'Error: Amount must have at most 2 decimals',
    );
    expect(
      body.safeParse({ order_id: 'o1', payment_method: 'check', amount: 125.5, check_number: '1001' }).success,
    ).toBe(true);
  });

  it('When a dealer orders nothing or more than 100 of a product, Then the order is refused', () => {
    const body = endpoints['dealer.submitOrder'].body;
    expect(firstMessage(body, { product_orders: [{ product_id: 'p1', quantity: 0 }] })).toBe(
      'Error: Please select at least one product to order',
    );
    expect(body.safeParse({ product_orders: [{ product_id: 'p1', quantity: 101 }] }).success).toBe(false);
    expect(body.safeParse({ product_orders: [{ product_id: 'p1', quantity: 1.5 }] }).success).toBe(false);
    expect(body.safeParse({ product_orders: [{ product_id: 'p1', quantity: 100 }] }).success).toBe(true);
  });

  it('When signup uses a 7-character password, Then the minimum length message is answered', () => {
    expect(
      firstMessage(endpoints['dealer.completeSignup'].body, { token: 't', password: 'short12', full_name: 'Pat' }),
    ).toBe('Error: Password must be at least 8 characters long');
  });

  it('When the invitation link has no token, Then the invalid-link message is answered', () => {
    expect(firstMessage(endpoints['dealer.verifyInvitation'].query, {})).toBe(
      'Error: Invalid invitation link. Please contact support.',
    );
  });

  it('When no zone or no dealers are chosen for a bulk zone change, Then the spec message is answered', () => {
    expect(firstMessage(endpoints['admin.bulkUpdateDealerZone'].body, { dealer_ids: [], zone: 'Eastern Zone' })).toBe(
      'Error: Please select a zone and dealers',
    );
  });

  it('When a product form sends its price as text, Then the text is kept for the catalog to read as cents; a blank price is refused', () => {
    const body = endpoints['admin.createProduct'].body;
    expect(body.parse({ title: 'Blind', price: ' 19.99 ', status: 'admin_only' })).toMatchObject({ price: '19.99' });
    expect(firstMessage(body, { title: 'Blind', price: '' })).toBe('Error: Please enter a valid price');
  });

  it('When the website form sends booleans as text, Then they are read as booleans', () => {
    const parsed = endpoints['admin.updateDealerWebsite'].body.parse({ use_own_website: 'false', description: 'Hi' });
    expect(parsed).toMatchObject({ use_own_website: false, custom_website_enabled: false });
  });

  it('When top performers are asked without query, Then 4 by revenue is the default', () => {
    const query = endpoints['admin.topPerformers'].query;
    expect(query.parse({})).toEqual({ limit: 4, metric: 'revenue' });
    expect(query.parse({ limit: '10', metric: 'items' })).toEqual({ limit: 10, metric: 'items' });
    expect(query.safeParse({ metric: 'profit' }).success).toBe(false);
  });

  it('When the locator is searched with nothing, Then "Please enter a location to search" is answered', () => {
    expect(firstMessage(endpoints['public.searchDealers'].query, {})).toBe('Please enter a location to search');
    expect(endpoints['public.searchDealers'].query.safeParse({ lat: '30.2', lng: '-97.7' }).success).toBe(true);
  });
});

describe('Uploads carry the spec fields and limits', () => {
  it.each([
    ['dealer.uploadHeaderImage', 'image', 5242880, 'Error: Image file must be less than 5MB'],
    ['admin.updateDealerWebsite', 'header_image', 5242880, 'Error: Image file must be less than 5MB'],
    ['admin.uploadPicture', 'picture', 10485760, 'Error: File must be less than 10MB'],
    ['admin.createProduct', 'product_image', 10485760, 'Error: File must be less than 10MB'],
    ['admin.updateProduct', 'product_image', 10485760, 'Error: File must be less than 10MB'],
  ] as const)('%s takes %s up to %d bytes', (id, field, maxBytes, tooLarge) => {
    const [file] = endpoints[id].files;
    expect(file).toMatchObject({ field, maxBytes, messages: expect.objectContaining({ tooLarge }) });
  });

  it('When a product image is uploaded, Then only JPG, PNG and GIF are accepted, required only on create', () => {
    expect(endpoints['admin.createProduct'].files[0]).toMatchObject({ kinds: ['jpeg', 'png', 'gif'], required: true });
    expect(endpoints['admin.updateProduct'].files[0]).toMatchObject({ required: false });
  });

  it('When a marker image is uploaded, Then its field is markerImage', () => {
    expect(endpoints['admin.uploadMarkerImage'].files[0]?.field).toBe('markerImage');
  });

  it('When a picture is uploaded without a title, Then "Please enter a title" is answered', () => {
    expect(firstMessage(endpoints['admin.uploadPicture'].body, { description: 'x' })).toBe(
      'Error: Please enter a title',
    );
  });
});
