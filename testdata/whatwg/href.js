// Reads lines of JSON, each a string to parse or a pair [input, base], and
// writes for each a line of JSON with what Node.js's URL (ada) makes of it:
// {"href":…} or {"fail":true}. uri/whatwg's FuzzWHATWG keeps one node
// process running this and feeds it over a pipe.
'use strict';

const readline = require('node:readline');

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  let r;
  try {
    const v = JSON.parse(line);
    const u = Array.isArray(v) ? new URL(v[0], v[1]) : new URL(v);
    r = { href: u.href };
  } catch {
    r = { fail: true };
  }
  process.stdout.write(JSON.stringify(r) + '\n');
});
