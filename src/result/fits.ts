/** A new note over what is left of the budget (spec section 9): `skip` it (section 4 as written), or `shorten` its details to fit. */
export const FITS = ['skip', 'shorten'] as const;

export type Fit = (typeof FITS)[number];
