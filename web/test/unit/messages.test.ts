import { failureMessage } from '../../src/api/errorMessage';
import { companyProfileOf, PLACEHOLDER_COMPANY } from '../../src/features/company/companyProfile';
import { loginErrorMessage } from '../../src/features/login/loginErrorMessage';
import { messageTone } from '../../src/ui/messageTone';

describe('Messages the client shows', () => {
  test.each([
    ['Error: Passwords do not match', 'error'],
    ['Network error. Please try again.', 'error'],
    ['ERROR deleting picture', 'error'],
    ['Dealer created successfully!', 'success'],
  ])('When the text is "%s", Then it is styled as %s', (text, tone) => {
    expect(messageTone(text)).toBe(tone);
  });

  test('When a call fails, Then the server\'s detail or the screen\'s fallback is shown, prefixed "Error: " once', () => {
    expect(failureMessage({ status: 404, data: { detail: 'Dealer not found' } }, 'Failed to archive dealer')).toBe(
      'Error: Dealer not found',
    );
    expect(failureMessage({ status: 400, data: { detail: 'Error: Email already in use' } }, 'x')).toBe(
      'Error: Email already in use',
    );
    expect(failureMessage({ status: 502, data: { detail: '' } }, 'Failed to load dealers')).toBe(
      'Error: Failed to load dealers',
    );
    expect(failureMessage({ status: 'FETCH_ERROR', error: 'Failed to fetch' }, 'Failed to load dealers')).toBe(
      'Error: Failed to load dealers',
    );
    expect(failureMessage(new TypeError('x is undefined'), 'Failed to delete dealer')).toBe(
      'Error: Failed to delete dealer',
    );
  });

  test('When login answers with a detail, Then the detail is shown verbatim', () => {
    expect(loginErrorMessage({ status: 401, data: { detail: 'Incorrect email or password' } })).toBe(
      'Incorrect email or password',
    );
  });

  test('When login fails without a detail, Then "Login failed" is shown', () => {
    expect(loginErrorMessage({ status: 502, data: '<html>Bad gateway</html>' })).toBe('Login failed');
    expect(loginErrorMessage({ status: 'PARSING_ERROR', originalStatus: 500, data: 'oops', error: 'x' })).toBe(
      'Login failed',
    );
  });

  test('When login cannot reach the server, Then the network message is shown', () => {
    expect(loginErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Network error. Please try again.',
    );
  });

  test('When company settings are blank, Then the placeholders stay; when filled, Then they are shown', () => {
    const blank = {
      company_name: ' ',
      business_type: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      state: '',
      zip_code: '',
      dealer_application_url: '',
    };
    expect(companyProfileOf(blank)).toEqual(PLACEHOLDER_COMPANY);
    expect(companyProfileOf({ ...blank, company_name: 'Ridge Blinds Co.', email: 'sales@ridge.example' })).toEqual({
      name: 'Ridge Blinds Co.',
      businessType: 'Hunting Blind Manufacturer',
      email: 'sales@ridge.example',
    });
  });
});
