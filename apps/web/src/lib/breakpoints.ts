/**
 * SPEC 9: the mobile layout applies at 768 px wide or less. The one width every screen, CSS
 * module and Mantine breakpoint follows (lib/breakpoints.test.ts checks the media queries).
 */
export const MOBILE_MAX_WIDTH_PX = 768;

export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

/**
 * Mantine's `sm` breakpoint: its hiddenFrom/visibleFrom and AppShell breakpoints use min-width, so
 * the desktop starts one pixel past the mobile width.
 */
export const DESKTOP_MIN_WIDTH = `${MOBILE_MAX_WIDTH_PX + 1}px`;
