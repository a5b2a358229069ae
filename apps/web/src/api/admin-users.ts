import type { AdminUser, UserForm } from '@edrf/model';
import { apiCall } from './client';

export const adminUsersKey = ['admin', 'users'] as const;

export const listUsers = () => apiCall<{ users: AdminUser[] }>('load users', '/api/v1/admin/list_users').then((r) => r.users);

export const createUser = (form: UserForm) =>
  apiCall<{ user: AdminUser }>('create user', '/api/v1/admin/create_user', { body: form }).then((r) => r.user);

export const updateUser = (userId: string, form: UserForm) =>
  apiCall<{ user: AdminUser }>('update user', `/api/v1/admin/update_user/${encodeURIComponent(userId)}`, { body: form }).then(
    (r) => r.user,
  );

export const deleteUser = (userId: string) =>
  apiCall<object>('delete user', `/api/v1/delete_user/${encodeURIComponent(userId)}`, { method: 'DELETE' });
