// Accounts as records: who a user is (other features read users only through these).
export * as usersRoutes from './routes';
export { ensureAdmin } from './admin-bootstrap';
export { toUserDto } from './dto';
export { findUserByEmail, findUserById, findUserByPhone, insertUser, type UserRow } from './repository';
