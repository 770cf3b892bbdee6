/**
 * What a build does with a new note that costs more than what is left (spec section 9): `skip`
 * it (section 4 as written) or `shorten` its details until it fits.
 */
export const FITS = ['skip', 'shorten'] as const;

export type Fit = (typeof FITS)[number];
