// Launch options for specs that open the 3D view: WebGL in headless Chromium runs on SwiftShader, which newer
// Chromium only allows when asked.
export const WEBGL_BROWSER = {
  viewport: { width: 1600, height: 1000 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};
