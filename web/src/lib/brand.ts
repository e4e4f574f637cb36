/** The header's deep navy, also used for the brand gradients. */
export const navy = '#0b3d6b';
