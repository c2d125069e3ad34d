// How every test starts Chromium (the workbench's browser and the webview tests' pages): no
// sandbox (root in CI), no GPU, nothing that reaches the network by itself. Its own file, with no
// import.meta, so the bundled webview tests import it too.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
