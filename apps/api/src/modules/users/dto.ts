import type { User } from '@urembo/contract/users';
import { fromFlag } from '../../db/sql-values';
import type { UserRow } from './repository';

/** The API's view of a user: never a password hash or a token. */
export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    isEmailVerified: fromFlag(row.is_email_verified),
    isPhoneVerified: fromFlag(row.is_phone_verified),
    lastLogin: row.last_login,
    createdAt: row.created_at,
    language: row.language,
  };
}
