import type { AdminUser } from '@portal/contracts';
import { useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { useAppSelector } from '../../../app/hooks';
import { Message } from '../../../ui/Message';
import { selectUser } from '../../session/sessionSlice';
import { loadFailureText } from '../shared/notice';
import { SettingsCard, SettingsLoading } from '../shared/SettingsCard';
import { useTimedNotice } from '../shared/useTimedNotice';
import { AdminUsersTable } from './AdminUsersTable';
import { useDeleteAdminUserMutation, useGetAdminUsersQuery } from './adminUsersApi';
import { CreateAdminUserForm, type CreatedUser } from './CreateAdminUserForm';
import { DeleteAdminUserDialog } from './DeleteAdminUserDialog';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import './admin-users.css';

/** Admin Users: the admin and delivery accounts; create one (temporary password shown once) or delete one. */
export function AdminUsersPanel() {
  const me = useAppSelector(selectUser);
  const { data: users, error, isLoading } = useGetAdminUsersQuery();
  const [deleteUser, { isLoading: deleting }] = useDeleteAdminUserMutation();
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [notice, showNotice] = useTimedNotice();

  async function confirmDelete(user: AdminUser) {
    const result = await deleteUser({ params: { email: user.email } });
    setToDelete(null);
    showNotice({
      text: result.error
        ? failureMessage(result.error, 'Failed to delete admin user')
        : 'Admin user deleted successfully!',
    });
  }

  return (
    <div className="settings-stack">
      <SettingsCard
        title="Create User"
        description="Administrators manage everything; delivery users handle shipping, orders and the dealer directory."
      >
        <CreateAdminUserForm onCreated={setCreated} />
      </SettingsCard>

      <SettingsCard title="Admin & Delivery Users" aside={users && <span className="badge">{users.length} users</span>}>
        <div className="settings-form">
          <Message text={notice?.text} tone={notice?.tone} />
          {isLoading && <SettingsLoading what="users" />}
          {error && <Message text={loadFailureText('Error loading admin users', error)} />}
          {users && <AdminUsersTable users={users} currentEmail={me?.email} onDelete={setToDelete} />}
        </div>
      </SettingsCard>

      <TemporaryPasswordDialog user={created} onClose={() => setCreated(null)} />
      <DeleteAdminUserDialog
        user={toDelete}
        deleting={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
