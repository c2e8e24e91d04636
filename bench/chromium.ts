/** Debian's Chromium as every benchmark starts it: no sandbox, no GPU, no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
