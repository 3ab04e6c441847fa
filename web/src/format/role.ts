/** The spec's names of the roles (admin Administrator, delivery Delivery User, anything else a dealer). */
export function roleLabel(role: string): string {
  if (role === 'admin') return 'Administrator';
  if (role === 'delivery') return 'Delivery User';
  return 'Dealer';
}
