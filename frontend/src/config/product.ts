/** The product's name, shown in the navigation bar and browser tabs. */
export const PRODUCT_NAME = 'FestHub';
