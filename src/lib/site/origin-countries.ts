/** Shipping origin countries of spec 1 §1, as ISO codes. */
export const ORIGIN_COUNTRIES = ['US', 'GB', 'CN', 'TR', 'AE', 'IN', 'HK', 'DE', 'IT', 'ES', 'FR', 'ZA', 'SG'] as const;
