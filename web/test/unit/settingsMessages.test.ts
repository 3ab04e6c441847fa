import { endpoints } from '@portal/contracts';
import { asError, failureMessage } from '../../src/api/errorMessage';
import { profileChange, profileFailureText, profileProblem } from '../../src/features/profile/profileForm';
import { fieldProblem, formProblem, loadFailureText } from '../../src/features/settings/shared/notice';

describe('Messages of the settings screens (001 §8)', () => {
  test('When the server sends a detail, Then it replaces the generic text', () => {
    const error = { status: 400, data: { detail: 'Error: Company name and email are required' } };
    expect(failureMessage(error, 'Failed to save company settings')).toBe('Error: Company name and email are required');
    expect(failureMessage({ status: 409, data: { detail: 'A user with this email already exists' } }, 'x')).toBe(
      'Error: A user with this email already exists',
    );
  });

  test('When the server sends no detail, Then the generic text is shown with its Error prefix', () => {
    expect(failureMessage({ status: 500, data: '<html>' }, 'Failed to save company settings')).toBe(
      'Error: Failed to save company settings',
    );
  });

  test("When a list fails to load, Then the spec's prefix carries the reason", () => {
    expect(loadFailureText('Error loading admin users', { status: 403, data: { detail: 'Admins only' } })).toBe(
      'Error loading admin users: Admins only',
    );
    expect(loadFailureText('Error loading admin users', { status: 'FETCH_ERROR', error: 'Failed to fetch' })).toBe(
      'Error loading admin users: Network error',
    );
  });

  test('When a text already starts with Error, Then it is not prefixed twice', () => {
    expect(asError('ERROR: x')).toBe('ERROR: x');
    expect(asError('Please enter a valid email address')).toBe('Error: Please enter a valid email address');
  });

  test('When the admin user form is incomplete, Then the contract answers "Error: Please fill in all required fields"', () => {
    const schema = endpoints['admin.createAdminUser'].body;
    expect(formProblem(schema, { email: '', full_name: 'Dana Driver', role: 'delivery' })).toBe(
      'Error: Please fill in all required fields',
    );
    expect(formProblem(schema, { email: 'dana@example.com', full_name: ' ', role: 'delivery' })).toBe(
      'Error: Please fill in all required fields',
    );
    expect(formProblem(schema, { email: 'dana@example.com', full_name: 'Dana Driver', role: 'delivery' })).toBeNull();
  });

  test('When company name or email is missing, Then "Error: Company name and email are required"', () => {
    const schema = endpoints['admin.updateCompanySettings'].body;
    expect(formProblem(schema, { company_name: '', email: 'sales@example.com' })).toBe(
      'Error: Company name and email are required',
    );
    expect(formProblem(schema, { company_name: 'Acme Blinds', email: 'sales@example.com', state: 'Texas' })).toMatch(
      /^Error: State must be/,
    );
  });

  test('When a company setting is wrong, Then its problem names the field it is shown beside, with the same text', () => {
    const schema = endpoints['admin.updateCompanySettings'].body;
    expect(fieldProblem(schema, { company_name: '', email: 'sales@example.com' })).toEqual({
      field: 'company_name',
      text: 'Error: Company name and email are required',
    });
    expect(fieldProblem(schema, { company_name: 'Acme Blinds', email: '' })).toEqual({
      field: 'email',
      text: 'Error: Company name and email are required',
    });
    expect(fieldProblem(schema, { company_name: 'Acme Blinds', email: 'sales@example.com', state: 'Texas' })).toEqual({
      field: 'state',
      text: expect.stringMatching(/^Error: State must be/),
    });
    expect(fieldProblem(schema, { company_name: 'Acme Blinds', email: 'sales@example.com', state: 'TX' })).toBeNull();
  });
});

describe('The Profile Settings form', () => {
  const form = {
    full_name: 'Dana Driver',
    email: 'dana@example.com',
    current_password: '',
    new_password: '',
    confirm_password: '',
  };

  test('When no new password is given, Then only name and email are sent', () => {
    expect(profileChange({ ...form, current_password: 'typed-but-unused' })).toEqual({
      full_name: 'Dana Driver',
      email: 'dana@example.com',
    });
    expect(profileProblem(form)).toBeNull();
  });

  test('When the name is blank or the email malformed, Then the form says so before sending', () => {
    expect(profileProblem({ ...form, full_name: '' })?.text).toBe('Error: Full name and email are required');
    expect(profileProblem({ ...form, email: 'not-an-email' })?.text).toBe('Error: Please enter a valid email address');
  });

  test('When the new passwords differ, Then "New passwords do not match", styled as an error', () => {
    expect(
      profileProblem({
        ...form,
        current_password: 'old-password',
        new_password: 'new-password-1',
        confirm_password: 'x',
      }),
    ).toEqual({ text: 'New passwords do not match', tone: 'error', field: 'confirm_password' });
  });

  test('When a new password comes without the current one, Then it is refused', () => {
    expect(profileProblem({ ...form, new_password: 'new-password-1', confirm_password: 'new-password-1' })?.text).toBe(
      'Error: Current password is required to set a new password',
    );
  });

  test('When a profile problem is found, Then it names the field it is shown beside', () => {
    expect(profileProblem({ ...form, full_name: '' })?.field).toBe('full_name');
    expect(profileProblem({ ...form, email: 'not-an-email' })?.field).toBe('email');
    expect(profileProblem({ ...form, new_password: 'new-password-1', confirm_password: 'new-password-1' })?.field).toBe(
      'current_password',
    );
    expect(
      profileProblem({ ...form, current_password: 'old-password', new_password: 'short', confirm_password: 'short' }),
    ).toMatchObject({ field: 'new_password', text: expect.stringMatching(/^Error: /) });
  });

  test('When the change is complete, Then the password fields are sent too', () => {
    const change = {
      ...form,
      current_password: 'old-password',
      new_password: 'new-password-1',
      confirm_password: 'new-password-1',
    };
    expect(profileProblem(change)).toBeNull();
    expect(profileChange(change)).toMatchObject({ current_password: 'old-password', new_password: 'new-password-1' });
  });

  test('When the update fails, Then "Error: " plus the detail, the fallback, or the network text', () => {
    expect(profileFailureText({ status: 400, data: { detail: 'Current password is incorrect' } })).toBe(
      'Error: Current password is incorrect',
    );
    expect(profileFailureText({ status: 500, data: null })).toBe('Error: Failed to update profile');
    expect(profileFailureText({ status: 'FETCH_ERROR', error: 'Failed to fetch' })).toBe(
      'Error: Network error occurred',
    );
  });
});
