/** The fixed list an L2 owner is picked from (docs/PRODUCT.md#l2-owners); a method may also have none. */
export const L2_OWNERS = [
  'Alex Morgan',
  'Jordan Blake',
  'Priya Raman',
  'Samuel Okafor',
  'Elena Petrova',
  'Marcus Webb',
  'Hannah Kim',
  'Diego Alvarez',
  'Fatima Haddad',
  'Noah Fischer',
  'Grace Liu',
  'Omar Siddiqui',
  'Isabel Costa',
  'Liam Connolly',
  'Chloe Martin',
  'Rafael Mendes',
  'Aisha Bello',
  'Tomas Novak',
  'Mei Tanaka',
  'Victor Lindqvist',
] as const;
export type TL2Owner = (typeof L2_OWNERS)[number];
