/** SPEC 9: the mobile layout applies at 768 px wide or less. */
export const MOBILE_QUERY = '(max-width: 768px)';
