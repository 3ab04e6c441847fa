import type { AdminUser } from '@portal/contracts';
import { useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { usePagedRows } from '../../../api/usePagedRows';
import { useAppSelector } from '../../../app/hooks';
import { LoadMore } from '../../../ui/LoadMore';
import { Message } from '../../../ui/Message';
import { selectUser } from '../../session/sessionSlice';
import { loadFailureText } from '../shared/notice';
import { SettingsCard, SettingsLoading } from '../shared/SettingsCard';
import { useTimedNotice } from '../shared/useTimedNotice';
import { AdminUsersTable } from './AdminUsersTable';
import {
  useDeleteAdminUserMutation,
  useGetAdminUserPagesInfiniteQuery,
  useResetUserTwoFactorMutation,
} from './adminUsersApi';
import { CreateAdminUserForm, type CreatedUser } from './CreateAdminUserForm';
import { DeleteAdminUserDialog } from './DeleteAdminUserDialog';
import { ResetTwoFactorDialog } from './ResetTwoFactorDialog';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import './admin-users.css';
import { countOf } from '../../../format/count';

const usersOf = (page: { users: AdminUser[] }) => page.users;

/**
 * Admin Users: the admin and delivery accounts, 50 at a time (Load more); create one (temporary password shown
 * once) or delete one.
 */
export function AdminUsersPanel() {
  const me = useAppSelector(selectUser);
  const result = useGetAdminUserPagesInfiniteQuery();
  const { rows: users, total, loading, loadingMore, hasMore, loadMore, error } = usePagedRows(result, usersOf);
  const [deleteUser, { isLoading: deleting }] = useDeleteAdminUserMutation();
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [resetTwoFactor, { isLoading: resetting }] = useResetUserTwoFactorMutation();
  const [toReset, setToReset] = useState<AdminUser | null>(null);
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

  async function confirmReset(user: AdminUser) {
    const result = await resetTwoFactor({ params: { email: user.email } });
    setToReset(null);
    showNotice({
      text: result.error
        ? failureMessage(result.error, 'Error: Failed to reset two-factor sign-in')
        : `Two-factor sign-in of ${user.email} is off; they were signed out.`,
    });
  }

  return (
    <div className="settings-stack">
      <SettingsCard
        title="Admin Users"
        description="Create a user: administrators manage everything; delivery users handle shipping, orders and the dealer directory."
      >
        <CreateAdminUserForm onCreated={setCreated} />
      </SettingsCard>

      <SettingsCard
        title="Admin & Delivery Users"
        aside={total !== undefined && <span className="badge">{countOf(total, 'user', 'users')}</span>}
      >
        <div className="settings-form">
          <Message text={notice?.text} tone={notice?.tone} />
          {loading && <SettingsLoading what="users" />}
          {error ? <Message text={loadFailureText('Error loading admin users', error)} /> : null}
          {!loading && !error && (
            <AdminUsersTable
              users={users}
              currentEmail={me?.email}
              onDelete={setToDelete}
              onResetTwoFactor={setToReset}
            />
          )}
          <LoadMore
            shown={users.length}
            total={total}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onLoadMore={loadMore}
            noun="users"
          />
        </div>
      </SettingsCard>

      <TemporaryPasswordDialog user={created} onClose={() => setCreated(null)} />
      <DeleteAdminUserDialog
        user={toDelete}
        deleting={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ResetTwoFactorDialog
        user={toReset}
        resetting={resetting}
        onConfirm={confirmReset}
        onCancel={() => setToReset(null)}
      />
    </div>
  );
}
