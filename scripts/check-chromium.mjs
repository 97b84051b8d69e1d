// The end-to-end tests drive the machine's Chromium; never a downloaded browser.
import { existsSync } from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(`Chromium not found at ${chrome}.
Install it with:   sudo apt-get install -y chromium
or point CHROME_PATH at a Chromium/Chrome binary, then run npm test again.`);
  process.exit(1);
}
