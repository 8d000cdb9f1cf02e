/** The company's name and colours (see v2mom-keys.ts for why there is one factory per feature). */
export const companyKeys = {
  all: ['company'] as const,
  /** GET /api/company */
  current: () => [...companyKeys.all, 'current'] as const,
};
