import type { AdminUser } from '@portal/contracts';
import { roleLabel } from '../../../format/role';
import { Button } from '../../../ui/Button';
import { useDateFormat } from '../../company/useDateFormat';
import { EndUserSessionsButton } from '../../profile/EndUserSessionsButton';

interface AdminUsersTableProps {
  users: readonly AdminUser[];
  /** the signed-in admin, who cannot delete their own account here */
  currentEmail: string | undefined;
  onDelete: (user: AdminUser) => void;
  /** turns off the user's two-factor sign-in (a lost phone) */
  onResetTwoFactor: (user: AdminUser) => void;
}

export function AdminUsersTable({ users, currentEmail, onDelete, onResetTwoFactor }: AdminUsersTableProps) {
  const dates = useDateFormat();
  return (
    <div className="table-frame">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Full Name</th>
            <th scope="col">Role</th>
            <th scope="col">Two-factor</th>
            <th scope="col">Created</th>
            <th scope="col">Created By</th>
            <th scope="col" className="data-table__actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.length === 0 && (
            <tr>
              <td colSpan={7} className="data-table__empty">
                No admin or delivery users yet.
              </td>
            </tr>
          )}
          {users.map((user) => {
            const isMe = user.email === currentEmail;
            return (
              <tr key={user.email}>
                <td data-label="Email">{user.email}</td>
                <td data-label="Full Name">
                  {/* one child: the cell is a two-column grid on phones */}
                  <span>
                    {user.full_name} {isMe && <span className="badge">You</span>}
                  </span>
                </td>
                <td data-label="Role">
                  <span className={`badge badge--${user.role}`}>{roleLabel(user.role)}</span>
                </td>
                <td data-label="Two-factor">
                  {user.mfa_enabled ? <span className="badge badge--ok">2FA on</span> : <span>Off</span>}
                </td>
                <td data-label="Created">{dates.date(user.created_at)}</td>
                <td data-label="Created By">{user.created_by ?? '—'}</td>
                <td className="data-table__actions">
                  {!isMe && user.mfa_enabled && (
                    <Button
                      variant="secondary"
                      className="button--small"
                      aria-label={`Reset two-factor sign-in of ${user.email}`}
                      onClick={() => onResetTwoFactor(user)}
                    >
                      Reset two-factor
                    </Button>
                  )}
                  {!isMe && (
                    <EndUserSessionsButton email={user.email} name={user.full_name} className="button--small" />
                  )}
                  {!isMe && (
                    <Button
                      variant="secondary"
                      className="button--small"
                      aria-label={`Delete ${user.email}`}
                      onClick={() => onDelete(user)}
                    >
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
