/** The product's name, shown in the navigation bar and browser tabs. */
export const PRODUCT_NAME = 'FestHub';

/** The organizing club shown for an event no club runs. */
export const DEFAULT_CLUB = 'General';
