/** The path of a member's user view in the console. */
export const adminUserPath = (userId: string) => `/admin/users/${userId}`;
