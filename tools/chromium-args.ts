/**
 * The flags of every headless Chromium the project starts (e2e, benches, screenshot scripts): the
 * brief's four, and the browser's own address-bar popup left out. Chromium 156 builds that popup
 * (two WebUI pages in a renderer of their own, ~0.3 s of CPU) for every new window, so for every
 * fresh context, at the moment its page loads; a headless window has no address bar to show it
 * in, and on a 2-core machine it took CPU from the page under test (decision 214).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
