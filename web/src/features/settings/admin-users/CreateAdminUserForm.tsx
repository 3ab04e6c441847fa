import { endpoints } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { Button } from '../../../ui/Button';
import { InputField, SelectInput } from '../../../ui/FormField';
import { Message } from '../../../ui/Message';
import { formProblem } from '../shared/notice';
import { useTimedNotice } from '../shared/useTimedNotice';
import { type NewAdminUser, useCreateAdminUserMutation } from './adminUsersApi';
import { STAFF_ROLES, staffRoleOf } from './staffRoles';

const EMPTY: NewAdminUser = { email: '', full_name: '', role: 'admin' };

export interface CreatedUser {
  email: string;
  full_name: string;
  temporary_password: string;
}

/** Creates an admin or delivery user; the caller shows the temporary password. */
export function CreateAdminUserForm({ onCreated }: { onCreated: (user: CreatedUser) => void }) {
  const [values, setValues] = useState<NewAdminUser>(EMPTY);
  const [create, { isLoading }] = useCreateAdminUserMutation();
  const [notice, showNotice] = useTimedNotice();
  const set = (change: Partial<NewAdminUser>) => setValues((current) => ({ ...current, ...change }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = formProblem(endpoints['admin.createAdminUser'].body, values);
    if (problem) return showNotice({ text: problem });
    const result = await create({ body: values });
    if (result.error) return showNotice({ text: failureMessage(result.error, 'Failed to create admin user') });
    showNotice({ text: 'Admin user created successfully!' });
    onCreated({ ...result.data.user, temporary_password: result.data.temporary_password });
    setValues(EMPTY);
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate>
      <div className="settings-grid settings-grid--narrow">
        <InputField
          label="Email"
          type="email"
          required
          autoComplete="off"
          value={values.email}
          onChange={(email) => set({ email })}
        />
        <InputField
          label="Full Name"
          required
          autoComplete="off"
          value={values.full_name}
          onChange={(full_name) => set({ full_name })}
        />
        <SelectInput
          label="Role"
          value={values.role}
          options={STAFF_ROLES}
          onChange={(role) => set({ role: staffRoleOf(role) })}
        />
      </div>
      <Message text={notice?.text} tone={notice?.tone} />
      <div className="settings-actions">
        <Button type="submit" busy={isLoading} busyLabel="Creating...">
          Create User
        </Button>
        <p className="settings-required-note">* required · a temporary password is generated</p>
      </div>
    </form>
  );
}
